import { createStore } from 'jotai';
import { QueryClient, type QueryKey } from '@tanstack/query-core';
import { queryClientAtom } from 'jotai-tanstack-query';
import { websiteKey } from '../../shared/contract/queries/website';
import { ApiError } from '../api/http';
import type { Bootstrap, InlinedNotFound } from '../lib/bootstrap';
import { bootstrapAtom } from '../lib/bootstrap-atom';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The jotai store with the QueryClient, hydrated from what the server inlined so the first render does not refetch it. */
export function createAppStore(bootstrap: Bootstrap, queryClient = createQueryClient()) {
  queryClient.setQueryData(websiteKey(bootstrap.host), bootstrap.domain);
  for (const query of bootstrap.queries ?? []) {
    if (query.error) seedNotFound(queryClient, [...query.key], query.error, bootstrap.renderedAt ?? Date.now());
    else queryClient.setQueryData([...query.key], query.data);
  }
  queryClient.mount();
  const store = createStore();
  store.set(queryClientAtom, queryClient);
  store.set(bootstrapAtom, bootstrap);
  return store;
}

/**
 * A "no such thing" answer the server drew the page with: the query starts in that error state and is not asked again
 * when the page mounts (retryOnMount: false for that key), so the browser draws what the server drew.
 */
export function seedNotFound(
  queryClient: QueryClient,
  queryKey: QueryKey,
  notFound: InlinedNotFound,
  at: number,
): void {
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
  const error = new ApiError(notFound.message, notFound.status, null);
  // The query cache's own constructor with a starting state (what TanStack's hydrate() calls), without hydrate's module
  // in the home's first-load JavaScript.
  queryClient.getQueryCache().build(
    queryClient,
    { queryKey },
    {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: at,
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    },
  );
}
