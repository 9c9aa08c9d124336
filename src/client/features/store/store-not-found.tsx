import { Link } from 'react-router-dom';
import { SearchBox } from '../../components/chrome/search-box';
import { Breadcrumbs } from './breadcrumbs';

/** An unknown (or no longer listed) store slug: say so plainly, offer a search and the ways back into the site (the server answers 404 too). */
export function StoreNotFound({ slug, unlistedName }: { slug: string; unlistedName?: string }) {
  return (
    <div className="page store-not-found">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Stores', to: '/store' }, { label: 'Not found' }]} />
      <div className="store-not-found-box">
        <h1>Store not found</h1>
        {unlistedName ? (
          <p>
            <strong>{unlistedName}</strong> is no longer listed here, so we have no offers for it. Try searching for a
            similar store:
          </p>
        ) : (
          <p>
            We couldn&apos;t find a store at <strong className="store-not-found-slug">{slug}</strong>. It may have moved
            or the address may be mistyped. Try searching for it:
          </p>
        )}
        <SearchBox
          placeholder="Search stores and coupons"
          buttonLabel="Search"
          route="/searchpage"
          className="store-not-found-search"
        />
        <ul className="store-not-found-links">
          <li>
            <Link className="btn btn-primary" to="/store">
              Browse all stores
            </Link>
          </li>
          <li>
            <Link className="btn btn-secondary" to="/categories">
              All categories
            </Link>
          </li>
          <li>
            <Link className="btn btn-secondary" to="/">
              Today&apos;s deals
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
