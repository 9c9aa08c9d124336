import type { SectionRegistry } from '../engine/types';
import { defineSection } from '../engine/types';
import type { NewsletterSettings } from '../../shared/layout/types';
import { bannersSections } from './banners';
import { storesSections } from './stores';
import { dealsSections } from './deals';
import { chromeSections } from './chrome';
import { lazySection } from '../engine/lazy-section';
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
