import { useState } from 'react';
import type { QueryObserverResult } from '@tanstack/query-core';

/**
 * The latest successful data of a query whose key changes (a filter being typed): while the next answer is pending the
 * previous one stays on screen (marked stale) instead of flashing back to a skeleton.
 */
export function useSettled<T>(result: QueryObserverResult<T>): { data: T | undefined; stale: boolean } {
  const [last, setLast] = useState<T | undefined>(undefined);
  if (result.isSuccess && result.data !== last) setLast(result.data);
  if (result.isSuccess) return { data: result.data, stale: false };
  if (result.isPending && last !== undefined) return { data: last, stale: true };
  return { data: undefined, stale: false };
}
