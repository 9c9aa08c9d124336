import { Link, useLocation } from 'react-router-dom';
import { pageWindow } from '../../shared/rules/page-window';
import './pagination.css';

interface Props {
  page: number;
  totalPages: number;
  /** Accessible name of the navigation, e.g. "Coupons pages". */
  label: string;
}

/** Page links in the address (?page=N): crawlable, shareable, and the back button works. */
export function Pagination({ page, totalPages, label }: Props) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete('page');
    else params.set('page', String(n));
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ''}`;
  };
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
  const n = Number(new URLSearchParams(search).get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 10_000) : 1;
}
