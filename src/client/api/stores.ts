import { atomWithQuery } from 'jotai-tanstack-query';
import type { ApiAnswer, Store, TopVisitedStore } from '../../shared/api/entities';
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

/** Every store the tenant publishes, with is_archived / is_paused (the footer filters them). */
export const publishedStoresAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: storeKeys.published(host, page, perPage),
    queryFn: ({ signal }) => request<StorePage>('/api/end-user/store/getStoresBasedOnDomain', { query: { page, per_page: perPage }, signal }),
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
