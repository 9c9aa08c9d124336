import type { CSSProperties } from 'react';
import { useAtomValue } from 'jotai';
import { storeRatingAtom } from '../../api/store-pages';
import { pageSettings } from '../../config/page-settings';

/** "4.2 (12 ratings)", or null when there is nothing to average. */
export function ratingText(average: number | null | undefined, count: number): string | null {
  if (average === null || average === undefined || !Number.isFinite(average) || count <= 0) return null;
  return `${average.toFixed(1)} (${count} ${count === 1 ? 'rating' : 'ratings'})`;
}

/** The store's average rating (store-rating-average) as stars plus text; quietly absent when it cannot be loaded. */
export function StoreRating({ host, storeId }: { host: string; storeId: string }) {
  const result = useAtomValue(storeRatingAtom(host, storeId));
  const max = pageSettings.ratingStars;
  if (result.isPending) return <span className="store-rating store-rating-skeleton skeleton" aria-hidden="true" />;
  // A missing rating is not worth an error box in the header: the rest of the page is what shoppers came for.
  if (result.isError) return null;
  const text = ratingText(result.data.average, result.data.count);
  if (text === null) return <p className="store-rating store-rating-none">No ratings yet</p>;
  const fill = `${Math.min(100, Math.max(0, ((result.data.average ?? 0) / max) * 100))}%`;
  return (
    <p className="store-rating">
      <span className="store-rating-stars" aria-hidden="true" style={{ '--fill': fill } as CSSProperties}>
        <span className="store-rating-stars-empty">{'★'.repeat(max)}</span>
        <span className="store-rating-stars-full">{'★'.repeat(max)}</span>
      </span>
      <span className="visually-hidden">Average rating out of {max}: </span>
      <span className="store-rating-text">{text}</span>
    </p>
  );
}
