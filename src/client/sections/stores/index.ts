import type { QueryObserverResult } from '@tanstack/query-core';
import type { SectionRegistry } from '../../engine/types';
import { defineSection } from '../../engine/types';
import type { CategoryCount } from '../../../shared/contract/entities';
import type { CategorySidebarSettings, StoreGridSettings, StoreStripSettings, StoresNewsletterRowSettings, StoreTabsSettings } from '../../../shared/layout/types';
import { categoriesAtom } from '../../api/categories';
import { storeTilesAtom } from '../../api/stores';
import type { StoreListResult } from './store-list-sections';
import { lazySection } from '../../engine/lazy-section';
import { sectionModules } from '../section-modules';

const StoreStripSection = lazySection(sectionModules['store-strip'], (m) => m.StoreStripSection);
const StoreGridSection = lazySection(sectionModules['store-grid'], (m) => m.StoreGridSection);
const StoreTabsSection = lazySection(sectionModules['store-tabs'], (m) => m.StoreTabsSection);
const StoresNewsletterRowSection = lazySection(sectionModules['stores-newsletter-row'], (m) => m.StoresNewsletterRowSection);
const CategorySidebarSection = lazySection(sectionModules['category-sidebar'], (m) => m.CategorySidebarSection);

/** The stores section types of the registry; each list fetches the first fetchLimit stores of its source. */
export const storesSections: SectionRegistry = {
  'store-strip': defineSection<StoreStripSettings, StoreListResult>({
    component: StoreStripSection,
    data: (s, ctx) => storeTilesAtom(ctx.host, s.source, s.fetchLimit),
  }),
  'store-grid': defineSection<StoreGridSettings, StoreListResult>({
    component: StoreGridSection,
    data: (s, ctx) => storeTilesAtom(ctx.host, s.source, s.fetchLimit),
  }),
  'store-tabs': defineSection<StoreTabsSettings>({ component: StoreTabsSection }),
  'stores-newsletter-row': defineSection<StoresNewsletterRowSettings, StoreListResult>({
    component: StoresNewsletterRowSection,
    data: (s, ctx) => storeTilesAtom(ctx.host, s.stores.source, s.stores.fetchLimit),
  }),
  'category-sidebar': defineSection<CategorySidebarSettings, QueryObserverResult<CategoryCount[]>>({
    component: CategorySidebarSection,
    data: (_s, ctx) => categoriesAtom(ctx.host),
  }),
};
