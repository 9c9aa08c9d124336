import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, SearchPage, StorePage, StoreWithCoupons } from '../../shared/contract/envelopes';
import type { Store, StoreRating } from '../../shared/contract/entities';
import {
  activeStoreNamesKey,
  activeStoreNamesPath,
  activeStoresKey,
  activeStoresPath,
  searchStoresKey,
  searchStoresPath,
  storeBySlugKey,
  storeBySlugPath,
  storeRatingKey,
  storeRatingPath,
  storesByNameKey,
  storesByNamePath,
} from '../../shared/contract/queries/store-pages';
import { latestStoresKey } from '../../shared/contract/queries/stores';
import { request } from './http';
import { offerQueryOf } from './offer-query';
import { keyed } from './keyed';
import { fetchLatestStores } from './stores';

// The store, listing and search pages' store queries: apart from the home's (./stores) so they load with those pages.

/** Newly added active stores, newest first. */
export const latestStoresAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: latestStoresKey(host, limit),
    queryFn: ({ signal }) => fetchLatestStores(limit, signal),
  })),
);

/** Active stores A–Z, paged (the all-stores page). */
export const activeStoresAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: activeStoresKey(host, page, perPage),
    queryFn: ({ signal }) => request<StorePage>(activeStoresPath, { query: { page, per_page: perPage }, signal }),
  })),
);

/** The store page: a store by slug with its coupons (active first) and related stores. */
export const storeBySlugAtom = keyed((host: string, slug: string, page: number, offers: string) =>
  atomWithQuery<StoreWithCoupons>(() => ({
    queryKey: storeBySlugKey(host, slug, page, offers),
    queryFn: ({ signal }) =>
      request<StoreWithCoupons>(storeBySlugPath, { query: { slug, page, ...offerQueryOf(offers) }, signal }),
    retry: false,
  })),
);

/** A store's rating: the query options the atom reads and the server's page loader prefetches (pages/page-loaders). */
export const storeRatingQuery = (host: string, storeId: string) => ({
  queryKey: storeRatingKey(host, storeId),
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await request<Answer<StoreRating>>(storeRatingPath, { query: { storeId }, signal })).data,
});

export const storeRatingAtom = keyed((host: string, storeId: string) =>
  atomWithQuery(() => storeRatingQuery(host, storeId)),
);

/** Active stores whose name contains `name` (case-insensitive), A–Z, paged: the all-stores page's name filter. */
export const storesByNameAtom = keyed((host: string, name: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: storesByNameKey(host, name, page, perPage),
    queryFn: ({ signal }) => request<StorePage>(storesByNamePath, { query: { name, page, per_page: perPage }, signal }),
  })),
);

/** Store search with an explicit page size (the search page pages stores and coupons alike). */
/** A page of the stores matching a term (the atom's options; the page loader prefetches them). */
export const searchStoresPageQuery = (host: string, term: string, page: number, perPage: number) => ({
  queryKey: searchStoresKey(host, term, page, perPage),
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    request<SearchPage<Store>>(searchStoresPath, { query: { search: term, page, per_page: perPage }, signal }),
  enabled: term.trim().length > 0,
});

export const searchStoresPageAtom = keyed((host: string, term: string, page: number, perPage: number) =>
  atomWithQuery(() => searchStoresPageQuery(host, term, page, perPage)),
);

/** Every active store's name in the API's A–Z order; `complete` is false when the tenant has more than pageSize × maxPages. */
export interface StoreNameIndex {
  names: string[];
  complete: boolean;
}

/** The names behind the all-stores letter bar: which page each letter starts on, in as few requests as the API allows. */
export const activeStoreNamesAtom = keyed((host: string, pageSize: number, maxPages: number) =>
  atomWithQuery(() => ({
    queryKey: activeStoreNamesKey(host, pageSize, maxPages),
    queryFn: async ({ signal }): Promise<StoreNameIndex> => {
      const names: string[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const answer = await request<StorePage>(activeStoreNamesPath, { query: { page, per_page: pageSize }, signal });
        names.push(...answer.data.map((s) => s.name));
        if (page >= answer.total_pages || answer.data.length < pageSize) return { names, complete: true };
      }
      return { names, complete: false };
    },
  })),
);
