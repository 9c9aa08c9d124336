import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { QueryObserverResult } from '@tanstack/query-core';
import type { CategoryCount } from '../../../shared/contract/entities';
import type { CategorySidebarSettings } from '../../../shared/layout/types';
import { filterCategories } from '../../../shared/rules';
import { LoadError } from './load-error';
import './category-list.css';

/** linkPattern with {category} replaced by the URI-encoded name. */
export function categoryPath(pattern: string, category: string): string {
  return pattern.split('{category}').join(encodeURIComponent(category));
}

// Skeleton rows while the categories load; the list box keeps its fixed height either way.
const SKELETON_ROWS = 8;

/** SPEC §2/§4 category sidebar: live case-insensitive filter over a fixed-height scrolling list of categories with counts. */
export function CategoryList({
  settings,
  result,
}: {
  settings: CategorySidebarSettings;
  result: QueryObserverResult<CategoryCount[]>;
}) {
  const [query, setQuery] = useState('');
  const id = useId();
  const { title, placeholder, listHeightPx, showCount, linkPattern } = settings;
  const visible = result.isSuccess ? filterCategories(result.data ?? [], query) : [];

  let body;
  if (result.isPending) {
    body = <SkeletonRows />;
  } else if (result.isError) {
    body = (
      <LoadError message="Couldn't load categories." onRetry={() => void result.refetch()} busy={result.isFetching} />
    );
  } else if (visible.length === 0) {
    body = (
      <p className="category-list-empty">
        {query.trim() ? `No category matches “${query.trim()}”.` : 'No categories yet.'}
      </p>
    );
  } else {
    body = (
      <Rows
        categories={visible}
        labelledBy={title ? `${id}-title` : undefined}
        linkPattern={linkPattern}
        showCount={showCount}
      />
    );
  }

  return (
    <div className="category-list">
      {title && (
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
      )}
      <label htmlFor={`${id}-filter`} className="visually-hidden">
        Filter categories
      </label>
      <input
        id={`${id}-filter`}
        className="category-list-filter"
        type="search"
        placeholder={placeholder}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        aria-controls={`${id}-list`}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {result.isSuccess && query.trim()
          ? `${visible.length} ${visible.length === 1 ? 'category' : 'categories'} found`
          : ''}
      </p>
      <div id={`${id}-list`} className="category-list-box" style={{ height: listHeightPx }}>
        {body}
      </div>
    </div>
  );
}

function SkeletonRows() {
  return (
    <ul className="category-list-items" aria-busy="true" aria-label="Categories loading">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <li key={i} aria-hidden="true" className="category-list-row">
          <span className="category-list-skeleton skeleton" />
        </li>
      ))}
    </ul>
  );
}

/** A link per category, with its count when the sidebar shows counts. */
function Rows(props: {
  categories: readonly CategoryCount[];
  labelledBy: string | undefined;
  linkPattern: string;
  showCount: boolean;
}) {
  return (
    <ul className="category-list-items" aria-labelledby={props.labelledBy}>
      {props.categories.map((c) => (
        <li key={c.category} className="category-list-row">
          <Link to={categoryPath(props.linkPattern, c.category)} className="category-list-link">
            <span className="category-list-name">{c.category}</span>
            {props.showCount && (
              <span className="category-list-count">
                {c.count}
                <span className="visually-hidden"> coupons</span>
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
