import type { BannerCarouselSettings, BannerPairsSettings, HeroSlidersSettings } from '../../../shared/layout/types';
import { bannerFeedAtom, type BannerFeedState } from '../../api/banners';
import { defineSection, type SectionRegistry } from '../../engine/types';
import './banner-sections.css';
import { lazySection } from '../../engine/lazy-section';
import { sectionModules } from '../section-modules';

const HeroSliders = lazySection(sectionModules['hero-sliders'], (m) => m.HeroSliders);
const BannerCarouselSection = lazySection(sectionModules['banner-carousel'], (m) => m.BannerCarouselSection);
const BannerPairs = lazySection(sectionModules['banner-pairs'], (m) => m.BannerPairs);

/** The banners section types of the registry. */
export const bannersSections: SectionRegistry = {
  // Two feeds (large and small): the component reads both through useBannerFeed.
  'hero-sliders': defineSection<HeroSlidersSettings>({ component: HeroSliders }),
  'banner-carousel': defineSection<BannerCarouselSettings, BannerFeedState>({
    component: BannerCarouselSection,
    data: (s, ctx) => bannerFeedAtom(ctx.host, s.source, s.dimension),
  }),
  'banner-pairs': defineSection<BannerPairsSettings, BannerFeedState>({
    component: BannerPairs,
    data: (s, ctx) => bannerFeedAtom(ctx.host, s.source, s.dimension),
  }),
};
