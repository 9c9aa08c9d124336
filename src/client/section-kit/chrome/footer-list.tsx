import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Link as LinkItem } from '../../../shared/layout/types';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props {
  title: string;
  titleId: string;
  /** The query feeding the list, or null for a fixed list. */
  query: QueryLike | null;
  links: LinkItem[];
  /** Rows the skeleton reserves while loading (the list's final size at most). */
  skeletonRows: number;
  errorText: string;
  className?: string;
  children?: ReactNode;
}

/** A titled footer column of in-app links, with a skeleton while loading and a retry when the load failed (SPEC §4). */
export function FooterList({ title, titleId, query, links, skeletonRows, errorText, className = '', children }: Props) {
  let body: ReactNode;
  if (query?.isPending) {
    body = (
      <ul className="footer-list-items" aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <li key={i}>
            <span className="skeleton footer-list-skeleton" />
          </li>
        ))}
      </ul>
    );
  } else if (query?.isError) {
    body = (
      <div className="footer-list-error" role="alert">
        <p>{errorText}</p>
        <button type="button" className="footer-list-retry" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <ul className="footer-list-items">
        {links.map((link) => (
          <li key={`${link.to}-${link.label}`}>
            <Link to={link.to} className="footer-link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={`footer-col ${className}`} aria-labelledby={titleId} role="group">
      <h2 id={titleId} className="footer-col-title">
        {title}
      </h2>
      {body}
      {children}
    </div>
  );
}
