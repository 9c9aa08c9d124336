import type { CSSProperties } from 'react';
import { useAtomValue } from 'jotai';
import type { BannerPairsSettings } from '../../shared/layout/types';
import { bannerFeedAtom, type BannerEntry, type BannerFeedState } from '../../client/api/banners';
import { BannerImage } from '../../client/components/banners/banner-image';
import { bannerSize } from '../../shared/rules/banner-size';
import { defineSection, type SectionProps } from '../../client/engine/types';
import './banner-pairs.css';
import '../../client/section-kit/banners/banner-sections.css';

/** Splits banners into rows of perRow (the last row may be shorter). */
function rowsOf<T>(items: readonly T[], perRow: number): T[][] {
  const size = Math.max(1, Math.floor(perRow));
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

/** SPEC §2 Five: ad banners side by side in rows of settings.perRow (pairs), at most settings.limit; one column on phones. */
function BannerPairs({ settings, data }: SectionProps<BannerPairsSettings, BannerFeedState>) {
  const feed = useAtomValue(data!);
  const { width, height } = bannerSize(settings.dimension);
  const style = { '--banner-pairs-per-row': Math.max(1, settings.perRow) } as CSSProperties;
  if (feed.status === 'pending') {
    return (
      <div className="banner-pairs" style={style} aria-busy="true">
        <div className="banner-pairs-row">
          {Array.from({ length: settings.perRow }, (_, i) => (
            <div key={i} className="skeleton" style={{ aspectRatio: `${width} / ${height}` }} />
          ))}
        </div>
      </div>
    );
  }
  if (feed.status === 'error') {
    return (
      <div className="banner-pairs-error">
        <p>Couldn&apos;t load banners.</p>
        <button type="button" className="btn btn-secondary" onClick={feed.refetch}>
          Try again
        </button>
      </div>
    );
  }
  const banners: BannerEntry[] = settings.limit === null ? feed.banners : feed.banners.slice(0, settings.limit);
  if (banners.length === 0) return null;
  return (
    <div className="banner-pairs" style={style} role="region" aria-label="Advertisements">
      {rowsOf(banners, settings.perRow).map((row, r) => (
        <div key={r} className="banner-pairs-row" role="group">
          {row.map((banner, i) => (
            <BannerImage key={i} banner={banner} dimension={settings.dimension} />
          ))}
        </div>
      ))}
    </div>
  );
}

export default defineSection('banner-pairs', {
  component: BannerPairs,
  data: (s, ctx) => bannerFeedAtom(ctx.host, s.source, s.dimension),
});
