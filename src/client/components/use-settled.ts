import { useState } from 'react';
import type { QueryObserverResult, QueryObserverSuccessResult } from '@tanstack/query-core';

/**
 * The latest successful data of a query whose key changes (a filter being typed or chosen): while the next answer is
 * pending the previous one stays on screen (marked stale) instead of flashing back to a skeleton. `scope` names what
 * the data is of (a store's slug): data of another scope is never shown for this one.
 */
export function useSettled<T>(result: QueryObserverResult<T>, scope = ''): { data: T | undefined; stale: boolean } {
  const [last, setLast] = useState<{ data: T; scope: string } | undefined>(undefined);
  if (result.isSuccess && (result.data !== last?.data || scope !== last.scope)) setLast({ data: result.data, scope });
  if (result.isSuccess) return { data: result.data, stale: false };
  if (result.isPending && last !== undefined && last.scope === scope) return { data: last.data, stale: true };
  return { data: undefined, stale: false };
}

/** The query's result, drawn from its latest settled data while the next answer is pending (`stale`). */
export function useSettledResult<T>(
  result: QueryObserverResult<T>,
  scope = '',
): QueryObserverResult<T> & { stale: boolean } {
  const { data, stale } = useSettled(result, scope);
  if (!stale || data === undefined) return { ...result, stale: false };
  const settled: QueryObserverSuccessResult<T> = {
    ...result,
    data,
    error: null,
    status: 'success',
    isPending: false,
    isSuccess: true,
    isError: false,
    isLoading: false,
    isLoadingError: false,
    isRefetchError: false,
    isPlaceholderData: false,
  };
  return { ...settled, stale: true };
}
