import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, CouponPage, SearchPage } from '../../shared/contract/envelopes';
import type { Coupon } from '../../shared/contract/entities';
import {
  couponByIdKey,
  couponByIdPath,
  couponsByCategoryKey,
  couponsByCategoryPath,
  searchCouponsKey,
  searchCouponsPath,
} from '../../shared/contract/queries/coupon-pages';
import { request } from './http';
import { keyed, resolution } from './keyed';

// The category, search and redirect pages' coupon queries: apart from the home's (./coupons) so they load with those pages.

export const couponsByCategoryAtom = keyed((host: string, category: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: couponsByCategoryKey(host, category, page, perPage),
    queryFn: ({ signal }) =>
      request<CouponPage>(couponsByCategoryPath, { query: { category, page, per_page: perPage }, signal }),
  })),
);

export async function fetchCouponById(id: string, signal?: AbortSignal): Promise<Coupon> {
  return (await request<Answer<Coupon>>(couponByIdPath, { query: { coupon_id: id }, signal })).data;
}

export const couponByIdAtom = keyed((host: string, id: string) =>
  atomWithQuery(() => ({
    queryKey: couponByIdKey(host, id),
    queryFn: ({ signal }) => fetchCouponById(id, signal),
    retry: false,
  })),
);

/** Coupon search with an explicit page size (the search page pages stores and coupons alike). */
export const searchCouponsPageAtom = keyed((host: string, term: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: searchCouponsKey(host, term, page, perPage),
    queryFn: ({ signal }) =>
      request<SearchPage<Coupon>>(searchCouponsPath, {
        query: { search: term, page, per_page: perPage, resolution: resolution() },
        signal,
      }),
    enabled: term.trim().length > 0,
  })),
);
