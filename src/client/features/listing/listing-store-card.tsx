import { Link } from 'react-router-dom';
import type { Store } from '../../../shared/contract/entities';
import type { StoreTile } from '../../api/stores';
import { FallbackImage } from '../../components/fallback-image';
import { storePath } from '../../components/stores/store-label';

// Logos are 240 × 160 SVGs; the attributes reserve that box so the grid never shifts.
const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 160;

export const tileOf = (s: Store): StoreTile => ({ id: s._id, slug: s.slug, name: s.name, image: s.image });

/** A store on a listing page: logo, full name and an optional line ("Added 3 days ago"), linking to /store/{slug}. */
export function ListingStoreCard({ store, extra }: { store: StoreTile; extra?: string | null }) {
  // The logo is decorative here (alt=""): the name follows as text, so a screen reader hears it once.
  return (
    <Link to={storePath(store.slug)} className="listing-store">
      <span className="listing-store-logo">
        <FallbackImage path={store.image} alt="" width={LOGO_WIDTH} height={LOGO_HEIGHT} />
      </span>
      <span className="listing-store-name">{store.name}</span>
      {extra && <span className="listing-store-extra">{extra}</span>}
    </Link>
  );
}

interface GridProps {
  stores: StoreTile[];
  extraOf?: (store: StoreTile) => string | null;
  /** Small logo beside the name (the A–Z directory), instead of the logo above it. */
  compact?: boolean;
}

/** Stores as a responsive grid of cards. */
export function StoreGrid({ stores, extraOf, compact = false }: GridProps) {
  return (
    <ul className={compact ? 'listing-stores listing-stores-compact' : 'listing-stores'}>
      {stores.map((s) => (
        <li key={s.id} className="listing-stores-item">
          <ListingStoreCard store={s} extra={extraOf?.(s)} />
        </li>
      ))}
    </ul>
  );
}

/** `count` placeholder cards of the final size while stores load. */
export function StoreGridSkeleton({
  count,
  withExtra = false,
  compact = false,
}: {
  count: number;
  withExtra?: boolean;
  compact?: boolean;
}) {
  return (
    <ul className={compact ? 'listing-stores listing-stores-compact' : 'listing-stores'} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="listing-stores-item">
          <span className="listing-store listing-store-skeleton">
            <span className="listing-store-logo skeleton" />
            <span className="listing-store-name skeleton listing-skeleton-line" />
            {withExtra && (
              <span className="listing-store-extra skeleton listing-skeleton-line listing-skeleton-short" />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
