import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, SearchPage, StorePage, StoreWithCoupons } from '../../shared/contract/envelopes';
import type { Store, StoreRating } from '../../shared/contract/entities';
import { queries } from '../../shared/contract/queries';
import { request } from './http';
import { keyed } from './keyed';
import { fetchLatestStores } from './stores';

// The store, listing and search pages' store queries: apart from the home's (./stores) so they load with those pages.

/** Newly added active stores, newest first. */
export const latestStoresAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: queries.latestStores.key(host, limit),
    queryFn: ({ signal }) => fetchLatestStores(limit, signal),
  })),
);

/** Active stores A–Z, paged (the all-stores page). */
export const activeStoresAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: queries.activeStores.key(host, page, perPage),
    queryFn: ({ signal }) => request<StorePage>(queries.activeStores.path, { query: { page, per_page: perPage }, signal }),
  })),
);

/** The store page: a store by slug with its coupons (active first) and related stores. */
export const storeBySlugAtom = keyed((host: string, slug: string, page: number) =>
  atomWithQuery(() => ({
    queryKey: queries.storeBySlug.key(host, slug, page),
    queryFn: ({ signal }) => request<StoreWithCoupons>(queries.storeBySlug.path, { query: { slug, page }, signal }),
    retry: false,
  })),
);

export const storeRatingAtom = keyed((host: string, storeId: string) =>
  atomWithQuery(() => ({
    queryKey: queries.storeRating.key(host, storeId),
    queryFn: async ({ signal }) =>
      (await request<Answer<StoreRating>>(queries.storeRating.path, { query: { storeId }, signal })).data,
  })),
);

/** Active stores whose name contains `name` (case-insensitive), A–Z, paged: the all-stores page's name filter. */
export const storesByNameAtom = keyed((host: string, name: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: queries.storesByName.key(host, name, page, perPage),
    queryFn: ({ signal }) => request<StorePage>(queries.storesByName.path, { query: { name, page, per_page: perPage }, signal }),
  })),
);

/** Store search with an explicit page size (the search page pages stores and coupons alike). */
export const searchStoresPageAtom = keyed((host: string, term: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: queries.searchStores.key(host, term, page, perPage),
    queryFn: ({ signal }) => request<SearchPage<Store>>(queries.searchStores.path, { query: { search: term, page, per_page: perPage }, signal }),
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
    queryKey: queries.activeStoreNames.key(host, pageSize, maxPages),
    queryFn: async ({ signal }): Promise<StoreNameIndex> => {
      const names: string[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const answer = await request<StorePage>(queries.activeStoreNames.path, { query: { page, per_page: pageSize }, signal });
        names.push(...answer.data.map((s) => s.name));
        if (page >= answer.total_pages || answer.data.length < pageSize) return { names, complete: true };
      }
      return { names, complete: false };
    },
  })),
);
