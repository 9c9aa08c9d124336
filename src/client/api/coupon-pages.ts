import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, CouponSearchPage, OfferPage } from '../../shared/contract/envelopes';
import type { Coupon } from '../../shared/contract/entities';
import { latestCouponsPath } from '../../shared/contract/queries/coupons';
import {
  allDealsKey,
  couponByIdKey,
  couponByIdPath,
  couponsByCategoryKey,
  couponsByCategoryPath,
  searchCouponsKey,
  searchCouponsPath,
} from '../../shared/contract/queries/coupon-pages';
import { request } from './http';
import { offerQueryOf } from './offer-query';
import { keyed, resolution } from './keyed';

// The category, search and redirect pages' coupon queries: apart from the home's (./coupons) so they load with those pages.

/** A page of a category's coupons (the atom's options; the page loader prefetches them). */
export const couponsByCategoryQuery = (
  host: string,
  category: string,
  page: number,
  perPage: number,
  offers: string,
) => ({
  queryKey: couponsByCategoryKey(host, category, page, perPage, offers),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    request<OfferPage>(couponsByCategoryPath, {
      query: { category, page, per_page: perPage, ...offerQueryOf(offers) },
      signal,
    }),
});

export const couponsByCategoryAtom = keyed(
  (host: string, category: string, page: number, perPage: number, offers: string) =>
    atomWithQuery<OfferPage>(() => couponsByCategoryQuery(host, category, page, perPage, offers)),
);

/** /coupons: every deal of the tenant (the latest list), with the page's offer filters. */
export const allDealsAtom = keyed((host: string, page: number, perPage: number, offers: string) =>
  atomWithQuery<OfferPage>(() => ({
    queryKey: allDealsKey(host, page, perPage, offers),
    queryFn: ({ signal }) =>
      request<OfferPage>(latestCouponsPath, { query: { page, per_page: perPage, ...offerQueryOf(offers) }, signal }),
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
/** A page of the coupons matching a term (the atom's options; the page loader prefetches them). */
export const searchCouponsPageQuery = (host: string, term: string, page: number, perPage: number, offers: string) => ({
  queryKey: searchCouponsKey(host, term, page, perPage, offers),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    request<CouponSearchPage>(searchCouponsPath, {
      query: { search: term, page, per_page: perPage, resolution: resolution(), ...offerQueryOf(offers) },
      signal,
    }),
  enabled: term.trim().length > 0,
});

export const searchCouponsPageAtom = keyed(
  (host: string, term: string, page: number, perPage: number, offers: string) =>
    atomWithQuery<CouponSearchPage>(() => searchCouponsPageQuery(host, term, page, perPage, offers)),
);
