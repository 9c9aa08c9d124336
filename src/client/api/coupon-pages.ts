import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, Coupon, CouponPage, SearchPage } from '../../shared/api/entities';
import { request } from './http';
import { keyed, resolution } from './keyed';
import { couponKeys } from './coupons';

// The category, search and redirect pages' coupon queries: apart from the home's (./coupons) so they load with those pages.

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

/** Coupon search with an explicit page size (the search page pages stores and coupons alike). */
export const searchCouponsPageAtom = keyed((host: string, term: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: ['coupons', host, 'search', term, page, perPage] as const,
    queryFn: ({ signal }) =>
      request<SearchPage<Coupon>>('/end-user/coupon/search-coupon', { query: { search: term, page, per_page: perPage, resolution: resolution() }, signal }),
    enabled: term.trim().length > 0,
  })),
);
