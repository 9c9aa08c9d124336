import { Link, useLocation } from 'react-router-dom';
import { pageWindow } from '../../shared/rules/page-window';
import { canonicalPageQuery, pageReads, readPage } from '../../shared/rules/page-query';
import './pagination.css';

interface Props {
  page: number;
  totalPages: number;
  /** Accessible name of the navigation, e.g. "Coupons pages". */
  label: string;
}

/** Page links in the address (?page=N): crawlable, shareable, and the back button works. */
export function Pagination({ page, totalPages, label }: Props) {
  const href = usePageHref();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pagination-gap">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="pagination-current">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} aria-label={`Page ${n}`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={href(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The 1-based page of the address (?page=N), clamped to ≥ 1. */
export function usePageParam(): number {
  const { search } = useLocation();
  return readPage(new URLSearchParams(search).get('page'));
}

/**
 * This page's address at page N (and a #fragment): only the parameters the page reads, in their canonical spelling
 * (src/shared/rules/page-query.ts), as the server drew them, so a link never carries ?utm_… or a stray parameter on.
 */
export function usePageHref(): (page: number, hash?: string) => string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const reads = pageReads(pathname);
  return (page, hash = '') => {
    const query = canonicalPageQuery(reads, (name) => (name === 'page' ? String(page) : params.get(name)));
    return `${pathname}${query ? `?${query}` : ''}${hash}`;
  };
}
