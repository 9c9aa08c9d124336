import { atomWithQuery } from 'jotai-tanstack-query';
import type { Answer, StorePage } from '../../shared/contract/envelopes';
import type { Store, TopVisitedStore } from '../../shared/contract/entities';
import {
  latestStoresKey,
  latestStoresPath,
  publishedStoresKey,
  publishedStoresPath,
  topVisitedStoresKey,
  topVisitedStoresPath,
} from '../../shared/contract/queries/stores';
import { request } from './http';
import { keyed } from './keyed';

export async function fetchTopVisitedStores(limit: number, signal?: AbortSignal): Promise<TopVisitedStore[]> {
  return (await request<Answer<TopVisitedStore[]>>(topVisitedStoresPath, { query: { limit }, signal })).data;
}

export async function fetchLatestStores(limit: number, signal?: AbortSignal): Promise<Store[]> {
  return (await request<Answer<Store[]>>(latestStoresPath, { query: { limit }, signal })).data;
}

/** Every store the tenant publishes, with is_archived / is_paused (the footer filters them). */
export const publishedStoresAtom = keyed((host: string, page: number, perPage: number) =>
  atomWithQuery(() => ({
    queryKey: publishedStoresKey(host, page, perPage),
    queryFn: ({ signal }) => request<StorePage>(publishedStoresPath, { query: { page, per_page: perPage }, signal }),
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
  return (list ?? []).map((s) => ({
    id: s._id,
    slug: s.store_details?.slug ?? s.slug,
    name: s.name ?? s.store_details?.name ?? '',
    image: s.store_details ? s.store_details.image : s.image,
  }));
}

function tilesFromLatest(list: Store[]): StoreTile[] {
  return (list ?? []).map((s) => ({ id: s._id, slug: s.slug, name: s.name, image: s.image }));
}

/** The most visited stores (the options the tile atoms share; the page loader prefetches them). */
export const topVisitedStoresQuery = (host: string, limit: number) => ({
  queryKey: topVisitedStoresKey(host, limit),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchTopVisitedStores(limit, signal),
});

/** The first `limit` stores of a source as tiles; shares its cache entry with topVisitedStoresAtom / latestStoresAtom. */
export const storeTilesAtom = keyed((host: string, source: StoreListSource, limit: number) =>
  source === 'top-visited'
    ? atomWithQuery(() => ({ ...topVisitedStoresQuery(host, limit), select: tilesFromTopVisited }))
    : atomWithQuery(() => ({
        queryKey: latestStoresKey(host, limit),
        queryFn: ({ signal }) => fetchLatestStores(limit, signal),
        select: tilesFromLatest,
      })),
);
