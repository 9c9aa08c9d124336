import type { Bootstrap } from '../../shared/contract/bootstrap';
import type { SectionRegistry } from '../engine/types';
import { defineSection } from '../engine/types';
import type { NewsletterSettings } from '../../shared/layout/types';
import { bannersSections } from './banners';
import { storesSections } from './stores';
import { dealsSections } from './deals';
import { chromeSections } from './chrome';
import { lazySection, preloadSections } from '../engine/lazy-section';
import { pageDocuments, sectionTypesOf } from '../../shared/layout/page-documents';
import { sectionModules } from './section-modules';

const Newsletter = lazySection(sectionModules['newsletter'], (m) => m.Newsletter);

/** Section type → component and data. The engine never names a section; each group registers its own. */
export const registry: SectionRegistry = {
  newsletter: defineSection<NewsletterSettings>({ component: Newsletter }),
  ...bannersSections,
  ...storesSections,
  ...dealsSections,
  ...chromeSections,
};

/** Loads the components of the section types the documents of the page at `path` use (the server preloaded them). */
export function preloadPageSections(path: string, { layouts, homeVariants }: Pick<Bootstrap, 'layouts' | 'homeVariants'>): Promise<void> {
  const types = sectionTypesOf(pageDocuments(path, layouts, homeVariants));
  return preloadSections(types.map((type) => (Object.hasOwn(registry, type) ? registry[type]?.component : undefined)));
}
