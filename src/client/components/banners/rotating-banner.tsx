import type { RotatingBanner as RotatingBannerSettings } from '../../../shared/layout/types';
import { BannerCarousel } from './banner-carousel';
import { useBannerFeed } from './use-banner-feed';
import './rotating-banner.css';

export interface RotatingBannerProps {
  settings: RotatingBannerSettings;
  /** The tenant host (SectionContext.host). */
  host: string;
  priority?: boolean;
}

/** The rotating vertical banner (e.g. 120 * 600 recommend banners) beside deal grids; one slide at a time. */
export function RotatingBanner({ settings, host, priority = false }: RotatingBannerProps) {
  const feed = useBannerFeed(host, settings.source, settings.dimension);
  return (
    <BannerCarousel
      className="rotating-banner"
      feed={feed}
      dimension={settings.dimension}
      autoplayMs={settings.autoplayMs}
      transitionMs={settings.transitionMs}
      loop={settings.loop}
      dots={settings.dots}
      slidesPerView={1}
      priority={priority}
      label="Sponsored"
    />
  );
}
