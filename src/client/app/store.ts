import { createStore } from 'jotai';
import { QueryClient } from '@tanstack/query-core';
import { queryClientAtom } from 'jotai-tanstack-query';
import type { Bootstrap } from './bootstrap';
import { bootstrapAtom } from './bootstrap-atom';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The jotai store with the QueryClient, hydrated from what the server inlined so the first render does not refetch it. */
export function createAppStore(bootstrap: Bootstrap, queryClient = createQueryClient()) {
  queryClient.setQueryData(['website', bootstrap.host], bootstrap.domain);
  for (const query of bootstrap.queries ?? []) queryClient.setQueryData([...query.key], query.data);
  queryClient.mount();
  const store = createStore();
  store.set(queryClientAtom, queryClient);
  store.set(bootstrapAtom, bootstrap);
  return store;
}
