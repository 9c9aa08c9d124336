import { useAtomValue } from 'jotai';
import { Link, useParams } from 'react-router-dom';
import { categoriesAtom } from '../api/categories';
import { couponsByCategoryAtom } from '../api/coupon-pages';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { Pagination, usePageParam } from '../components/pagination';
import { OFFER_NOUNS, tabOf } from '../components/offers/offer-filters';
import { FilteredOffers } from '../components/offers/filtered-offers';
import { useOfferParams } from '../components/offers/use-offer-params';
import { DEFAULT_OFFER_PARAMS } from '../../shared/rules/offer-params';
import { Breadcrumbs } from '../features/store/breadcrumbs';
import { CategoryEmpty } from '../features/store/category-empty';
import { canonicalCategory, categoryHref } from '../features/store/category-path';
import { CouponGroups, DealListSkeleton } from '../features/store/deal-list';
import { useScrollTopOnChange } from '../app/use-scroll-top';
import { LoadError } from '../components/stores/load-error';
import { pageSettings } from '../config/page-settings';
import { useSettledResult } from '../components/use-settled';
import '../features/store/category-pages.css';

/** /category/:category: the category's coupons, paged; the View button opens the category form of the redirect path. */
export function CategoryPage() {
  const { category: param = '' } = useParams();
  const page = usePageParam();
  const host = useAtomValue(bootstrapAtom).host;
  const perPage = pageSettings.couponsPerPage;
  const offers = useOfferParams();
  const live = useAtomValue(couponsByCategoryAtom(host, param, page, perPage, offers.key));
  // Another filter or page of the category keeps the offers drawn (busy) while it loads.
  const result = useSettledResult(live, param);
  // The category list is usually in the cache already (the server inlines it for the menus): it spells the name the tenant's way.
  const categories = useAtomValue(categoriesAtom(host));
  const category = canonicalCategory(param, [...(categories.data ?? []), ...(result.data?.data ?? [])]);
  // Empty whatever the filters: the tenant lists nothing in this category.
  const empty = result.isSuccess && result.data.offer_counts.all === 0 && !offers.params.verified;
  // Same titles as the server's head: an empty or unknown category is answered 404 "Category not found".
  usePageTitle(empty ? 'Category not found' : `${category} coupons`);
  useScrollTopOnChange(page);

  let body;
  if (result.isPending) {
    body = <DealListSkeleton count={perPage} />;
  } else if (result.isError) {
    body = <LoadError message="Couldn't load these coupons." onRetry={() => void result.refetch()} />;
  } else if (empty) {
    body = <CategoryEmpty host={host} category={category} suggestions={pageSettings.suggestedCategories} />;
  } else if (result.data.total_records === 0) {
    body = (
      <p className="category-empty" role="status">
        No {offers.params.verified ? 'verified ' : ''}
        {OFFER_NOUNS[tabOf(offers.params)]} in “{category}” right now.{' '}
        <button type="button" className="btn btn-secondary" onClick={() => offers.change(DEFAULT_OFFER_PARAMS)}>
          Show all offers
        </button>
      </p>
    );
  } else if (result.data.data.length === 0) {
    body = (
      <PastLastPage
        category={category}
        param={param}
        total={result.data.total_records}
        totalPages={result.data.total_pages}
      />
    );
  } else {
    body = (
      <>
        <CouponGroups coupons={result.data.data} activeTitle="Active offers" />
        <Pagination page={page} totalPages={result.data.total_pages} label={`${category} coupon pages`} />
      </>
    );
  }

  const total = result.isSuccess ? result.data.total_records : null;
  return (
    <div className="page category-page">
      <Breadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Categories', to: '/categories' }, { label: category }]}
      />
      <Header
        category={category}
        total={total}
        page={page}
        totalPages={result.isSuccess ? result.data.total_pages : null}
      />
      <FilteredOffers
        params={offers.params}
        onChange={offers.change}
        showFilters={result.isSuccess && !empty}
        counts={result.data?.offer_counts ?? null}
        busy={result.stale}
      >
        {body}
      </FilteredOffers>
    </div>
  );
}

/** The heading, and how many offers there are (a blank line until they are known, so nothing moves). */
function Header(props: { category: string; total: number | null; page: number; totalPages: number | null }) {
  const { category, total, page, totalPages } = props;
  return (
    <header className="category-page-header">
      <h1>{category} coupons</h1>
      {total !== null && total > 0 ? (
        <p className="muted category-page-summary">
          {total} {total === 1 ? 'offer' : 'offers'}
          {totalPages !== null && totalPages > 1 && ` · page ${page} of ${totalPages}`}
        </p>
      ) : (
        <p className="category-page-summary" aria-hidden="true">
          &nbsp;
        </p>
      )}
    </header>
  );
}

/** A page past the category's last. */
function PastLastPage(props: { category: string; param: string; total: number; totalPages: number }) {
  const { category, total, totalPages } = props;
  return (
    <div className="category-empty">
      <h2 className="coupon-group-title">This page has no coupons</h2>
      <p className="muted">
        “{category}” has {total} coupons on {totalPages} {totalPages === 1 ? 'page' : 'pages'}.
      </p>
      <Link className="btn btn-secondary" to={categoryHref(props.param)}>
        Back to the first page
      </Link>
    </div>
  );
}
