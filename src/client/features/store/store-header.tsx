import type { Store } from '../../../shared/contract/entities';
import { countText, httpUrl } from '../../../shared/rules';
import { FallbackImage } from '../../components/fallback-image';
import { StoreRating } from './store-rating';

// Store logos are 240 × 160 SVGs: the attributes reserve that box so the header never shifts.
const LOGO_WIDTH = 240;
const LOGO_HEIGHT = 160;

export function visitsText(count: number | undefined): string | null {
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) return null;
  return `${countText(count)} ${count === 1 ? 'visit' : 'visits'}`;
}

/** Store page header: logo, name, description, visits, average rating, and the merchant link the API returned. */
export function StoreHeader({ store, host }: { store: Store; host: string }) {
  const website = httpUrl(store.website_url);
  const visits = visitsText(store.visit_count);
  return (
    <header className="store-header">
      <div className="store-header-logo">
        <FallbackImage path={store.image} alt={`${store.name} logo`} width={LOGO_WIDTH} height={LOGO_HEIGHT} priority />
      </div>
      <div className="store-header-text">
        <h1 className="store-header-name">
          {store.name} <span className="store-header-sub">coupons &amp; promo codes</span>
        </h1>
        <div className="store-header-facts">
          <StoreRating host={host} storeId={store._id} />
          {visits && <p className="store-header-visits">{visits}</p>}
        </div>
      </div>
      {store.description?.trim() && <p className="store-header-description">{store.description}</p>}
      {website && (
        <a
          className="btn btn-primary store-header-visit"
          href={website}
          target="_blank"
          rel="sponsored nofollow noopener"
        >
          Visit store<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </header>
  );
}
