import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, Coupon, CouponPage, SearchPage } from '../../shared/api/entities';
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

export const couponsByCategoryAtom = keyed((host: string, category: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: couponKeys.byCategory(host, category, page, perPage),
    queryFn: ({ signal }) => request<CouponPage>('/api/end-user/coupon/getCouponsBasedOnCategory', { query: { category, page, per_page: perPage }, signal }),
  })),
);

export async function fetchCouponById(id: string, signal?: AbortSignal): Promise<Coupon> {
  return (await request<ApiAnswer<Coupon>>('/api/end-user/coupon/coupon-by-id', { query: { coupon_id: id }, signal })).data;
}

export const couponByIdAtom = keyed((host: string, id: string) =>
  atomWithQuery(() => ({
    queryKey: couponKeys.byId(host, id),
    queryFn: ({ signal }) => fetchCouponById(id, signal),
    retry: false,
  })),
);

export const searchCouponsAtom = keyed((host: string, term: string, page: number) =>
  atomWithQuery(() => ({
    queryKey: couponKeys.search(host, term, page),
    queryFn: ({ signal }) => request<SearchPage<Coupon>>('/end-user/coupon/search-coupon', { query: { search: term, page, resolution: resolution() }, signal }),
    enabled: term.trim().length > 0,
  })),
);

// ---- Listing and search pages (issue 5) ----

/** Coupon search with an explicit page size (the search page pages stores and coupons alike). */
export const searchCouponsPageAtom = keyed((host: string, term: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: ['coupons', host, 'search', term, page, perPage] as const,
    queryFn: ({ signal }) =>
      request<SearchPage<Coupon>>('/end-user/coupon/search-coupon', { query: { search: term, page, per_page: perPage, resolution: resolution() }, signal }),
    enabled: term.trim().length > 0,
  })),
);
