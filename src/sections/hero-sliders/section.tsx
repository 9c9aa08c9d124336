import type { CSSProperties } from 'react';
import type { HeroSlidersSettings } from '../../shared/layout/types';
import { BannerCarousel } from '../../client/components/banners/banner-carousel';
import { bannerSize } from '../../shared/rules/banner-size';
import { useBannerFeed } from '../../client/components/banners/use-banner-feed';
import { defineSection, type SectionProps } from '../../client/engine/types';
import './hero-sliders.css';
import '../../client/section-kit/banners/banner-sections.css';

const ratio = (dimension: HeroSlidersSettings['large']['dimension']) => {
  const { width, height } = bannerSize(dimension);
  return width / height;
};

/** SPEC §2 hero: a large slider beside a small one (order from settings), same height side by side, stacked on phones. */
function HeroSliders({ settings, context }: SectionProps<HeroSlidersSettings, never>) {
  const large = useBannerFeed(context.host, settings.large.source, settings.large.dimension);
  const small = useBannerFeed(context.host, settings.small.source, settings.small.dimension);
  const motion = {
    autoplayMs: settings.autoplayMs,
    transitionMs: settings.transitionMs,
    loop: settings.loop,
    dots: settings.dots,
    slidesPerView: 1,
  };
  const empty = (feed: typeof large) => feed.status === 'success' && feed.banners.length === 0;
  const slots = [
    {
      key: 'large',
      hidden: empty(large),
      ratio: ratio(settings.large.dimension),
      node: (
        <BannerCarousel
          key="large"
          feed={large}
          dimension={settings.large.dimension}
          {...motion}
          priority
          upscale
          label="Featured offers"
        />
      ),
    },
    {
      key: 'small',
      hidden: empty(small),
      ratio: ratio(settings.small.dimension),
      node: (
        <BannerCarousel
          key="small"
          feed={small}
          dimension={settings.small.dimension}
          {...motion}
          priority
          upscale
          label="Recommended offers"
        />
      ),
    },
  ];
  if (settings.order === 'small-first') slots.reverse();
  const shown = slots.filter((s) => !s.hidden);
  if (shown.length === 0) return null;
  // Both first slides are in the first viewport (side by side, or stacked on phones where the small one is the
  // larger paint): both load eagerly with high priority.
  // Column widths proportional to the aspect ratios give both sliders the same height.
  const style = {
    '--hero-columns': shown.map((s) => `minmax(0, ${s.ratio.toFixed(4)}fr)`).join(' '),
    '--hero-small-width': `${bannerSize(settings.small.dimension).width}px`,
  } as CSSProperties;
  return (
    <div className={`hero-sliders hero-sliders-${settings.order}`} style={style}>
      {shown.map((s) => (
        <div key={s.key} className={`hero-sliders-${s.key}`}>
          {s.node}
        </div>
      ))}
    </div>
  );
}

export default defineSection('hero-sliders', { component: HeroSliders });
