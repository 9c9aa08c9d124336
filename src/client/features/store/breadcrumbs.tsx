import { Link } from 'react-router-dom';
import './breadcrumbs.css';

export interface Crumb {
  label: string;
  /** In-app path; the last crumb (the current page) has none. */
  to?: string;
}

/** Home › Section › Page trail; the current page is marked aria-current and is not a link. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {i > 0 && (
              <span className="breadcrumbs-sep" aria-hidden="true">
                ›
              </span>
            )}
            {item.to && i < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current="page" className="breadcrumbs-current">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
