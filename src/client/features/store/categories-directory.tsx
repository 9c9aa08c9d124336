import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { CategoryCount } from '../../../shared/contract/entities';
import { filterCategories } from '../../../shared/rules';
import { LoadError } from '../../components/stores/load-error';
import { categoryHref } from './category-path';

const byName = (a: CategoryCount, b: CategoryCount) =>
  String(a.category ?? '').localeCompare(String(b.category ?? ''), 'en', { sensitivity: 'base' });

/** Every category A–Z as a tile with its coupon count, narrowed live by a case-insensitive filter (SPEC §4). */
export function CategoriesDirectory({
  result,
  skeletonTiles,
}: {
  result: QueryObserverResult<CategoryCount[]>;
  skeletonTiles: number;
}) {
  const [query, setQuery] = useState('');
  const id = useId();
  const sorted = useMemo(
    () => (result.isSuccess ? [...(result.data ?? [])].filter((c) => c.category).sort(byName) : []),
    [result.isSuccess, result.data],
  );
  const visible = filterCategories(sorted, query);
  const term = query.trim();

  let body;
  if (result.isPending) {
    body = <SkeletonTiles count={skeletonTiles} />;
  } else if (result.isError) {
    body = (
      <LoadError message="Couldn't load categories." onRetry={() => void result.refetch()} busy={result.isFetching} />
    );
  } else if (sorted.length === 0) {
    body = (
      <div className="category-empty">
        <p>No categories yet.</p>
        <Link className="btn btn-secondary" to="/coupons">
          See all deals
        </Link>
      </div>
    );
  } else if (visible.length === 0) {
    body = (
      <div className="category-empty">
        <p>No category matches “{term}”.</p>
        <button type="button" className="btn btn-secondary" onClick={() => setQuery('')}>
          Show all categories
        </button>
      </div>
    );
  } else {
    body = <Tiles id={`${id}-list`} categories={visible} />;
  }

  return (
    <>
      <div className="categories-filter">
        <label htmlFor={`${id}-filter`} className="categories-filter-label">
          Filter categories
        </label>
        <input
          id={`${id}-filter`}
          className="categories-filter-input"
          type="search"
          placeholder="Type to filter, e.g. pets"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          aria-controls={`${id}-list`}
          disabled={!result.isSuccess}
        />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {result.isSuccess && term ? `${visible.length} ${visible.length === 1 ? 'category' : 'categories'} found` : ''}
      </p>
      {body}
    </>
  );
}

function SkeletonTiles({ count }: { count: number }) {
  return (
    <ul className="category-tiles" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <span className="category-tile category-tile-skeleton skeleton" />
        </li>
      ))}
    </ul>
  );
}

/** A tile per category, each with its coupon count. */
function Tiles({ id, categories }: { id: string; categories: readonly CategoryCount[] }) {
  return (
    <ul className="category-tiles" id={id}>
      {categories.map((c) => (
        <li key={c.category}>
          <Link className="category-tile" to={categoryHref(c.category)}>
            <span className="category-tile-name">{c.category}</span>
            <span className="category-tile-count">
              {c.count} {c.count === 1 ? 'coupon' : 'coupons'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
