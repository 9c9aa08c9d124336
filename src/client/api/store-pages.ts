import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, Coupon, SearchPage, Store } from '../../shared/api/entities';
import { request } from './http';
import { keyed } from './keyed';
import { fetchLatestStores, storeKeys, type StorePage } from './stores';

// The store, listing and search pages' store queries: apart from the home's (./stores) so they load with those pages.

/** The store page's answer: the store, a page of its coupons (active before expired) and related stores. */
export interface StoreWithCoupons {
  success: boolean;
  data: { store: Store; coupons: Coupon[]; related_stores: Store[] };
  total_records: number;
  total_pages: number;
  page: number;
  per_page: number;
}

/** Newly added active stores, newest first. */
export const latestStoresAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.latest(host, limit),
    queryFn: ({ signal }) => fetchLatestStores(limit, signal),
  })),
);

/** Active stores A–Z, paged (the all-stores page). */
export const activeStoresAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.active(host, page, perPage),
    queryFn: ({ signal }) => request<StorePage>('/api/end-user/store/getActiveStoresBasedOnDomain', { query: { page, per_page: perPage }, signal }),
  })),
);

/** The store page: a store by slug with its coupons (active first) and related stores. */
export const storeBySlugAtom = keyed((host: string, slug: string, page: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.bySlug(host, slug, page),
    queryFn: ({ signal }) => request<StoreWithCoupons>('/api/end-user/store/store-by-slug', { query: { slug, page }, signal }),
    retry: false,
  })),
);

export const storeRatingAtom = keyed((host: string, storeId: string) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.rating(host, storeId),
    queryFn: async ({ signal }) =>
      (await request<ApiAnswer<{ store_id: string; average: number | null; count: number }>>('/api/end-user/store-rating/store-rating-average', { query: { storeId }, signal })).data,
  })),
);

/** Active stores whose name contains `name` (case-insensitive), A–Z, paged: the all-stores page's name filter. */
export const storesByNameAtom = keyed((host: string, name: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: ['stores', host, 'by-name', name, page, perPage] as const,
    queryFn: ({ signal }) => request<StorePage>('/api/end-user/store/stores-by-name', { query: { name, page, per_page: perPage }, signal }),
  })),
);

/** Store search with an explicit page size (the search page pages stores and coupons alike). */
export const searchStoresPageAtom = keyed((host: string, term: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: ['stores', host, 'search', term, page, perPage] as const,
    queryFn: ({ signal }) => request<SearchPage<Store>>('/end-user/store/search-store', { query: { search: term, page, per_page: perPage }, signal }),
    enabled: term.trim().length > 0,
  })),
);

/** Every active store's name in the API's A–Z order; `complete` is false when the tenant has more than pageSize × maxPages. */
export interface StoreNameIndex {
  names: string[];
  complete: boolean;
}

/** The names behind the all-stores letter bar: which page each letter starts on, in as few requests as the API allows. */
export const activeStoreNamesAtom = keyed((host: string, pageSize: number, maxPages: number) =>
  atomWithQuery(() => ({
    queryKey: ['stores', host, 'active-names', pageSize, maxPages] as const,
    queryFn: async ({ signal }): Promise<StoreNameIndex> => {
      const names: string[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const answer = await request<StorePage>('/api/end-user/store/getActiveStoresBasedOnDomain', { query: { page, per_page: pageSize }, signal });
        names.push(...answer.data.map((s) => s.name));
        if (page >= answer.total_pages || answer.data.length < pageSize) return { names, complete: true };
      }
      return { names, complete: false };
    },
  })),
);
