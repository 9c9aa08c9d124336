import type { BannerDimension } from '../../../shared/contract/values';
import type { BannerEntry } from '../../api/banners';
import { BannerImage } from '../../components/banners/banner-image';
import { bannerSize } from '../../../shared/rules/banner-size';

/** A banner slot: a loaded banner, 'loading' while the feed loads, or 'empty' when the layout keeps the slot without one. */
export type BannerSlot = BannerEntry | 'loading' | 'empty';

/** The banner card at a 1-based grid position (SPEC §2 promotional banner card). */
export function BannerCell({
  slot,
  position,
  dimension,
  wide,
}: {
  slot: BannerSlot;
  position: number;
  dimension: BannerDimension;
  wide: boolean;
}) {
  const { width, height } = bannerSize(dimension);
  return (
    <li className={`deal-grid-cell deal-grid-banner${wide ? ' deal-grid-banner-wide' : ''}`} data-position={position}>
      {slot === 'loading' ? (
        <div
          className="skeleton deal-grid-banner-box"
          style={{ aspectRatio: `${width} / ${height}`, maxWidth: width }}
          aria-hidden="true"
        />
      ) : slot === 'empty' ? (
        <div
          className="deal-grid-banner-box deal-grid-banner-empty"
          style={{ aspectRatio: `${width} / ${height}`, maxWidth: width }}
        >
          Advertisement
        </div>
      ) : (
        <div className="deal-grid-banner-box" style={{ maxWidth: width }}>
          <BannerImage banner={slot} dimension={dimension} />
        </div>
      )}
    </li>
  );
}
