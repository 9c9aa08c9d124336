import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { categoriesAtom } from '../../api/categories';
import { storeTilesAtom } from '../../api/stores';
import { pageSettings } from '../../config/page-settings';
import { categoryPath } from '../../components/stores/category-list';
import { LoadError } from '../../components/stores/load-error';
import { StoreGrid, StoreGridSkeleton } from './listing-store-card';

/** What the search page offers when a term finds nothing (or there is no term): the biggest categories and popular stores. */
export function SearchSuggestions({ host }: { host: string }) {
  const id = useId();
  const { categories: categoryCount, stores: storeCount } = pageSettings.searchSuggestions;
  const categories = useAtomValue(categoriesAtom(host));
  const stores = useAtomValue(storeTilesAtom(host, 'top-visited', storeCount));
  const biggest = categories.isSuccess
    ? [...categories.data].sort((a, b) => b.count - a.count).slice(0, categoryCount)
    : [];

  return (
    <div className="search-suggestions">
      <section aria-labelledby={`${id}-categories`}>
        <h2 id={`${id}-categories`} className="search-suggestions-title">
          Browse popular categories
        </h2>
        {categories.isPending ? (
          <ul className="search-chips" aria-hidden="true">
            {Array.from({ length: categoryCount }, (_, i) => (
              <li key={i}>
                <span className="search-chip search-chip-skeleton skeleton" />
              </li>
            ))}
          </ul>
        ) : categories.isError ? (
          <LoadError
            message="Couldn't load categories."
            onRetry={() => void categories.refetch()}
            busy={categories.isFetching}
          />
        ) : (
          <ul className="search-chips">
            {biggest.map((c) => (
              <li key={c.category}>
                <Link className="search-chip" to={categoryPath('/category/{category}', c.category)}>
                  {c.category}
                  <span className="search-chip-count">
                    {c.count}
                    <span className="visually-hidden"> coupons</span>
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link className="search-chip search-chip-all" to="/categories">
                All categories
              </Link>
            </li>
          </ul>
        )}
      </section>
      <section aria-labelledby={`${id}-stores`}>
        <h2 id={`${id}-stores`} className="search-suggestions-title">
          Popular stores
        </h2>
        {stores.isPending ? (
          <StoreGridSkeleton count={storeCount} />
        ) : stores.isError ? (
          <LoadError message="Couldn't load stores." onRetry={() => void stores.refetch()} busy={stores.isFetching} />
        ) : (
          <StoreGrid stores={stores.data} />
        )}
      </section>
    </div>
  );
}
