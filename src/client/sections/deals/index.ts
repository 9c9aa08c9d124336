import type { SectionRegistry } from '../../engine/types';
import { defineSection } from '../../engine/types';
import type { DealGridSettings, RecommendedDealsSettings, TopDealsSettings } from '../../../shared/layout/types';
import { dealsFeedAtom, type DealsFeed } from './deals-feed';
import { lazySection } from '../../engine/lazy-section';
import { sectionModules } from '../section-modules';

const DealGrid = lazySection(sectionModules['deal-grid'], (m) => m.DealGrid);
const RecommendedDeals = lazySection(sectionModules['recommended-deals'], (m) => m.RecommendedDeals);
const TopDeals = lazySection(sectionModules['top-deals'], (m) => m.TopDeals);

/** The deals section types of the registry; each fetches exactly the most it can show. */
export const dealsSections: SectionRegistry = {
  'deal-grid': defineSection<DealGridSettings, DealsFeed>({
    component: DealGrid,
    data: (s, ctx) => dealsFeedAtom(ctx.host, s.source, s.expanded),
  }),
  'recommended-deals': defineSection<RecommendedDealsSettings, DealsFeed>({
    component: RecommendedDeals,
    data: (s, ctx) => dealsFeedAtom(ctx.host, s.source, s.fetchLimit),
  }),
  'top-deals': defineSection<TopDealsSettings, DealsFeed>({
    component: TopDeals,
    data: (s, ctx) => dealsFeedAtom(ctx.host, s.source, s.count),
  }),
};
