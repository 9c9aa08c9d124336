import { useAtomValue } from 'jotai';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { StoreGridSettings, StoreStripSettings } from '../../../shared/layout/types';
import type { StoreTile } from '../../api/stores';
import type { SectionProps } from '../../engine/types';
import { StoreList } from '../../components/stores/store-list';

export type StoreListResult = QueryObserverResult<StoreTile[]>;

/** store-strip: one row of logos (wrapping evenly on narrow screens) and an optional link tile. */
export function StoreStripSection({ settings, data }: SectionProps<StoreStripSettings, StoreListResult>) {
  const result = useAtomValue(data!);
  return <StoreList result={result} settings={settings} presentation="strip" />;
}

/** store-grid: cards with label and card text, same settings as the strip. */
export function StoreGridSection({ settings, data }: SectionProps<StoreGridSettings, StoreListResult>) {
  const result = useAtomValue(data!);
  return <StoreList result={result} settings={settings} presentation="grid" />;
}
