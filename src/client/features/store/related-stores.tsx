import type { Store } from '../../../shared/contract/entities';
import type { StoreLabel } from '../../../shared/layout/types';
import { StoreCard } from '../../components/stores/store-card';
import { columnVars } from '../../components/stores/store-list';

// Related stores show their names under the logo, as written.
const NAME_LABEL: StoreLabel = { field: 'name', case: 'as-is', cut: null };

/** Stores sharing a category with this one, as store cards linking to /store/{slug}; nothing when there are none. */
export function RelatedStores({ stores, limit }: { stores: readonly Store[]; limit: number }) {
  const shown = stores.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <section className="related-stores store-list-wrap" aria-labelledby="related-stores-title">
      <h2 id="related-stores-title" className="section-title">
        Related stores
      </h2>
      <ul className="store-list store-list-grid store-list-labelled" style={columnVars(shown.length, 'grid')}>
        {shown.map((s) => (
          <li key={s._id} className="store-list-item">
            <StoreCard tile={{ id: s._id, slug: s.slug, name: s.name, image: s.image }} label={NAME_LABEL} />
          </li>
        ))}
      </ul>
    </section>
  );
}
