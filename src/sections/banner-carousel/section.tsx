import { useAtomValue } from 'jotai';
import type { BannerCarouselSettings } from '../../shared/layout/types';
import { bannerFeedAtom, type BannerFeedState } from '../../client/api/banners';
import { BannerCarousel } from '../../client/components/banners/banner-carousel';
import { bannerSize } from '../../shared/rules/banner-size';
import { defineSection, type SectionProps } from '../../client/engine/types';
import '../../client/section-kit/banners/banner-sections.css';

// A hero-wide banner (≥ 1000 px) is the page's LCP candidate; strips and skyscrapers never are.
const HERO_WIDTH = 1000;

/** SPEC §2 banner strips and the default layout's hero: every motion setting comes from the document. */
function BannerCarouselSection({ settings, data }: SectionProps<BannerCarouselSettings, BannerFeedState>) {
  const feed = useAtomValue(data!);
  const hero = bannerSize(settings.dimension).width >= HERO_WIDTH;
  return (
    <BannerCarousel
      feed={feed}
      dimension={settings.dimension}
      autoplayMs={settings.autoplayMs}
      transitionMs={settings.transitionMs}
      loop={settings.loop}
      dots={settings.dots}
      slidesPerView={settings.slidesPerView}
      priority={hero}
      // Distinct region names when a page has a hero carousel and a strip (axe landmark-unique).
      label={hero ? 'Featured banners' : 'Advertisements'}
    />
  );
}

export default defineSection('banner-carousel', {
  component: BannerCarouselSection,
  data: (s, ctx) => bannerFeedAtom(ctx.host, s.source, s.dimension),
});
