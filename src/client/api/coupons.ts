import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, CouponPage } from '../../shared/contract/envelopes';
import type { Coupon } from '../../shared/contract/entities';
import { queries } from '../../shared/contract/queries';
import { request } from './http';
import { keyed, resolution } from './keyed';

/** The tenant's coupons, recommended first (SPEC §7 getCouponsBasedOnDomain, with the window resolution). */
export const recommendedCouponsAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: queries.recommendedCoupons.key(host, limit),
    queryFn: async ({ signal }) =>
      (await request<Answer<Coupon[]>>(queries.recommendedCoupons.path, { query: { resolution: resolution(), per_page: limit }, signal })).data,
  })),
);

/** The tenant's coupons, newest first, paged with total_records / total_pages. */
export const latestCouponsAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: queries.latestCoupons.key(host, page, perPage),
    queryFn: ({ signal }) => request<CouponPage>(queries.latestCoupons.path, { query: { page, per_page: perPage }, signal }),
  })),
);
