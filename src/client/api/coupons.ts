import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, CouponPage } from '../../shared/contract/envelopes';
import type { Coupon } from '../../shared/contract/entities';
import {
  latestCouponsKey,
  latestCouponsPath,
  recommendedCouponsKey,
  recommendedCouponsPath,
} from '../../shared/contract/queries/coupons';
import { request } from './http';
import { keyed, resolution } from './keyed';

/** The tenant's coupons, recommended first (SPEC §7 getCouponsBasedOnDomain, with the window resolution). */
export const recommendedCouponsAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: recommendedCouponsKey(host, limit),
    queryFn: async ({ signal }) =>
      (
        await request<Answer<Coupon[]>>(recommendedCouponsPath, {
          query: { resolution: resolution(), per_page: limit },
          signal,
        })
      ).data,
  })),
);

/** The tenant's coupons, newest first, paged with total_records / total_pages. */
export const latestCouponsAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: latestCouponsKey(host, page, perPage),
    queryFn: ({ signal }) => request<CouponPage>(latestCouponsPath, { query: { page, per_page: perPage }, signal }),
  })),
);
