import { useAtomValue } from 'jotai';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { StoreListSettings } from '../../../shared/layout/types';
import type { StoreTile } from '../../api/stores';
import type { SectionContext, SectionProps } from '../../engine/types';
import { storeTilesAtom } from '../../api/stores';
import { StoreList } from '../../components/stores/store-list';

export type StoreListResult = QueryObserverResult<StoreTile[]>;

/** A store list section: the first fetchLimit stores of its source, drawn as a strip or a grid. */
export function storeListSection(presentation: 'strip' | 'grid') {
  return function StoreListSection({ settings, data }: SectionProps<StoreListSettings, StoreListResult>) {
    const result = useAtomValue(data!);
    return <StoreList result={result} settings={settings} presentation={presentation} />;
  };
}

/** The data of a store list: the first fetchLimit stores of its source. */
export const storeListData = (settings: StoreListSettings, context: SectionContext) =>
  storeTilesAtom(context.host, settings.source, settings.fetchLimit);
