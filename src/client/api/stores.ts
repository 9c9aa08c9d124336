import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, Coupon, SearchPage, Store, TopVisitedStore } from '../../shared/api/entities';
import { request } from './http';
import { keyed } from './keyed';

export interface StorePage {
  success: boolean;
  data: Store[];
  total_records: number;
  total_pages: number;
  page: number;
  per_page: number;
}

/** The store page's answer: the store, a page of its coupons (active before expired) and related stores. */
export interface StoreWithCoupons {
  success: boolean;
  data: { store: Store; coupons: Coupon[]; related_stores: Store[] };
  total_records: number;
  total_pages: number;
  page: number;
  per_page: number;
}

export const storeKeys = {
  topVisited: (host: string, limit: number) => ['stores', host, 'top-visited', limit] as const,
  latest: (host: string, limit: number) => ['stores', host, 'latest', limit] as const,
  published: (host: string, page: number, perPage: number) => ['stores', host, 'published', page, perPage] as const,
  active: (host: string, page: number, perPage: number) => ['stores', host, 'active', page, perPage] as const,
  bySlug: (host: string, slug: string, page: number) => ['stores', host, 'by-slug', slug, page] as const,
  rating: (host: string, storeId: string) => ['stores', host, 'rating', storeId] as const,
  search: (host: string, term: string, page: number) => ['stores', host, 'search', term, page] as const,
};

export async function fetchTopVisitedStores(limit: number, signal?: AbortSignal): Promise<TopVisitedStore[]> {
  return (await request<ApiAnswer<TopVisitedStore[]>>('/api/end-user/store/top-visited-stores', { query: { limit }, signal })).data;
}

export async function fetchLatestStores(limit: number, signal?: AbortSignal): Promise<Store[]> {
  return (await request<ApiAnswer<Store[]>>('/api/end-user/store/latest-stores', { query: { limit }, signal })).data;
}

/** Most visited active stores; entries carry store_details {slug, image} (SPEC §7). */
export const topVisitedStoresAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.topVisited(host, limit),
    queryFn: ({ signal }) => fetchTopVisitedStores(limit, signal),
  })),
);

/** Newly added active stores, newest first. */
export const latestStoresAtom = keyed((host: string, limit: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.latest(host, limit),
    queryFn: ({ signal }) => fetchLatestStores(limit, signal),
  })),
);

/** Every store the tenant publishes, with is_archived / is_paused (the footer filters them). */
export const publishedStoresAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.published(host, page, perPage),
    queryFn: ({ signal }) => request<StorePage>('/api/end-user/store/getStoresBasedOnDomain', { query: { page, per_page: perPage }, signal }),
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

export const searchStoresAtom = keyed((host: string, term: string, page: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.search(host, term, page),
    queryFn: ({ signal }) => request<SearchPage<Store>>('/end-user/store/search-store', { query: { search: term, page }, signal }),
    enabled: term.trim().length > 0,
  })),
);

/** A store as the home sections draw it, whatever list it came from. */
export interface StoreTile {
  id: string;
  slug: string;
  name: string;
  image: string | null;
}

export type StoreListSource = 'top-visited' | 'latest';

// Top-visited entries link and draw through store_details (SPEC §3); latest stores through their own slug / image.
function tilesFromTopVisited(list: TopVisitedStore[]): StoreTile[] {
  return (list ?? []).map((s) => ({ id: s._id, slug: s.store_details?.slug ?? s.slug, name: s.name ?? s.store_details?.name ?? '', image: s.store_details ? s.store_details.image : s.image }));
}

function tilesFromLatest(list: Store[]): StoreTile[] {
  return (list ?? []).map((s) => ({ id: s._id, slug: s.slug, name: s.name, image: s.image }));
}

/** The first `limit` stores of a source as tiles; shares its cache entry with topVisitedStoresAtom / latestStoresAtom. */
export const storeTilesAtom = keyed((host: string, source: StoreListSource, limit: number) =>
  source === 'top-visited'
    ? atomWithQuery(() => ({ queryKey: storeKeys.topVisited(host, limit), queryFn: ({ signal }) => fetchTopVisitedStores(limit, signal), select: tilesFromTopVisited }))
    : atomWithQuery(() => ({ queryKey: storeKeys.latest(host, limit), queryFn: ({ signal }) => fetchLatestStores(limit, signal), select: tilesFromLatest })),
);

// ---- Listing and search pages (issue 5) ----

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
