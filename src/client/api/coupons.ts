import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, Coupon, CouponPage } from '../../shared/api/entities';
import { request } from './http';
import { keyed, resolution } from './keyed';

export const couponKeys = {
  recommended: (host: string, limit: number) => ['coupons', host, 'recommended', limit] as const,
  latest: (host: string, page: number, perPage: number) => ['coupons', host, 'latest', page, perPage] as const,
  byCategory: (host: string, category: string, page: number, perPage: number) => ['coupons', host, 'category', category, page, perPage] as const,
  byId: (host: string, id: string) => ['coupons', host, 'by-id', id] as const,
  search: (host: string, term: string, page: number) => ['coupons', host, 'search', term, page] as const,
};

/** The tenant's coupons, recommended first (SPEC §7 getCouponsBasedOnDomain, with the window resolution). */
export const recommendedCouponsAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: couponKeys.recommended(host, limit),
    queryFn: async ({ signal }) =>
      (await request<ApiAnswer<Coupon[]>>('/api/end-user/coupon/getCouponsBasedOnDomain', { query: { resolution: resolution(), per_page: limit }, signal })).data,
  })),
);

/** The tenant's coupons, newest first, paged with total_records / total_pages. */
export const latestCouponsAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: couponKeys.latest(host, page, perPage),
    queryFn: ({ signal }) => request<CouponPage>('/api/end-user/coupon/coupon-list-by-website', { query: { page, per_page: perPage }, signal }),
  })),
);
