import type { CSSProperties, ReactNode } from 'react';
import type { BannerDimension } from '../../../shared/contract/values';
import type { BannerSource } from '../../../shared/layout/types';
import { BannerImage } from './banner-image';
import { bannerSize } from '../../../shared/rules/banner-size';
import { useBannerFeed } from './use-banner-feed';
import './side-banners.css';

interface Props {
  host: string;
  dimension: BannerDimension;
  source: BannerSource;
  /** How many banners in all: the first half (rounded up) goes before the content, the rest after. */
  count: number;
  children: ReactNode;
}

/** Content (e.g. the landing newsletter form) flanked by banners; below it, side by side, on phones. A failed feed leaves the content alone. */
export function SideBanners({ host, dimension, source, count, children }: Props) {
  const feed = useBannerFeed(host, source, dimension);
  const { width, height } = bannerSize(dimension);
  const style = { '--side-banner-width': `${width}px` } as CSSProperties;
  const slots: ReactNode[] =
    feed.status === 'pending'
      ? Array.from({ length: count }, (_, i) => (
          <div key={i} className="skeleton side-banners-skeleton" style={{ aspectRatio: `${width} / ${height}` }} />
        ))
      : feed.banners.slice(0, count).map((b, i) => <BannerImage key={i} banner={b} dimension={dimension} />);
  if (slots.length === 0) return <>{children}</>;
  const before = Math.ceil(slots.length / 2);
  return (
    <div className="side-banners" style={style}>
      <div className="side-banners-content">{children}</div>
      <div className="side-banners-group side-banners-start" aria-label="Advertisements" role="group">
        {slots.slice(0, before)}
      </div>
      {slots.length > before && (
        <div className="side-banners-group side-banners-end" aria-label="Advertisements" role="group">
          {slots.slice(before)}
        </div>
      )}
    </div>
  );
}
