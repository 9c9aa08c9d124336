import { atom, type Atom } from 'jotai';
import type { AtomWithQueryResult } from 'jotai-tanstack-query';
import type { CategoryCount } from '../../../shared/contract/entities';
import type { FooterMainSettings } from '../../../shared/layout/types';
import { categoriesAtom } from '../../api/categories';
import type { StorePage } from '../../../shared/contract/envelopes';
import { publishedStoresAtom } from '../../api/stores';
import type { SectionContext } from '../../engine/types';

export interface FooterData {
  /** null when the document hides the list (storesMax 0): nothing is fetched. */
  stores: AtomWithQueryResult<StorePage> | null;
  categories: AtomWithQueryResult<CategoryCount[]> | null;
}

// The API pages at most 100 stores; archived and paused ones are filtered here, so ask for a few times more than shown.
const MAX_PER_PAGE = 100;
const HEADROOM = 4;

/** How many published stores to fetch so that storesMax common ones usually remain after the filter. */
export function storesPerPage(storesMax: number): number {
  return Math.min(MAX_PER_PAGE, Math.max(1, storesMax * HEADROOM));
}

/** The footer's two lists; each query is only made when the document shows it. */
export function footerDataAtom(settings: FooterMainSettings, context: SectionContext): Atom<FooterData> {
  return atom((get) => ({
    stores:
      settings.storesMax > 0 ? get(publishedStoresAtom(context.host, 1, storesPerPage(settings.storesMax))) : null,
    categories: settings.categoriesCount > 0 ? get(categoriesAtom(context.host)) : null,
  }));
}
