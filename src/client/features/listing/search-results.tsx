import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { searchCouponsPageAtom } from '../../api/coupon-pages';
import { searchStoresPageAtom } from '../../api/store-pages';
import { pageSettings } from '../../config/page-settings';
import { useSettledResult } from '../../components/use-settled';
import { searchHref } from '../../components/chrome/search-term';
import { Pagination } from '../../components/pagination';
import { OFFER_NOUNS, tabOf } from '../../components/offers/offer-filters';
import { FilteredOffers } from '../../components/offers/filtered-offers';
import { useOfferParams } from '../../components/offers/use-offer-params';
import { DEFAULT_OFFER_PARAMS } from '../../../shared/rules/offer-params';
import { LoadError } from '../../components/stores/load-error';
import { DealList, DealListSkeleton } from './deal-list';
import { StoreGrid, StoreGridSkeleton, tileOf } from './listing-store-card';
import { plural } from './range-text';
import { ResultsStatus } from './results-status';
import { SearchSuggestions } from './search-suggestions';
import { searchLists, type SearchView } from './search-lists';

export type { SearchView } from './search-lists';

const STORE = { one: 'store', many: 'stores' };
const DEAL = { one: 'deal', many: 'deals' };

interface SearchProps {
  host: string;
  term: string;
  page: number;
  view: SearchView;
}

/** The term's stores and deals, and the status line that sums them up. */
function useSearchResults({ host, term, page, view }: SearchProps) {
  const perPage = pageSettings.searchPerPage;
  const offers = useOfferParams();
  const lists = searchLists(view, page, offers.key);
  const stores = useAtomValue(searchStoresPageAtom(host, term, lists.storesPage, perPage));
  // Another filter of the same term keeps the deals drawn (busy) while it loads.
  const coupons = useSettledResult(
    useAtomValue(searchCouponsPageAtom(host, term, lists.couponsPage, perPage, lists.offers)),
    term,
  );
  const storeTotal = stores.isSuccess ? stores.data.totalRecords : null;
  // Every matching deal whatever the filters (the "All" tab); the filtered list's total is totalRecords.
  const couponTotal = coupons.isSuccess ? coupons.data.offer_counts.all : null;
  const nothing = storeTotal === 0 && couponTotal === 0;

  let status: string | null = null;
  if (stores.isError || coupons.isError) status = "Some results couldn't be loaded.";
  else if (nothing) status = `No results for “${term}”`;
  else if (view === 'stores' && stores.isSuccess)
    status = `${plural(stores.data.totalRecords, STORE)} found${pageOf(page, stores.data.total_pages)}`;
  else if (storeTotal !== null && couponTotal !== null && coupons.isSuccess) {
    status = `${plural(coupons.data.totalRecords, DEAL)} and ${plural(storeTotal, STORE)} found${pageOf(page, coupons.data.total_pages)}`;
  }
  return { perPage, stores, offers, coupons, storeTotal, couponTotal, nothing, status };
}

type Search = ReturnType<typeof useSearchResults>;
/** What every part of the results is drawn from: the props, the results, the heading ids' base, the unfiltered link. */
type Parts = SearchProps & { search: Search; id: string; allHref: string };

/** Results of one term: stores and deals from the search APIs (totalRecords, total_pages, per_page, page). */
export function SearchResults(props: SearchProps) {
  const { host, term, view } = props;
  const id = useId();
  const search = useSearchResults(props);
  const { storeTotal, couponTotal, nothing, status } = search;
  const parts: Parts = { ...props, search, id, allHref: searchHref('/searchpage', term) };

  if (view === 'stores') {
    return (
      <>
        <ResultsStatus text={status} />
        <p className="search-back">
          <Link to={parts.allHref}>← All results for “{term}”</Link>
        </p>
        <StoresSection {...parts} />
      </>
    );
  }

  return (
    <>
      <ResultsStatus text={status} quiet={nothing} />
      {nothing ? (
        <>
          <div className="listing-empty search-empty">
            <p className="search-empty-title">No stores or deals match “{term}”.</p>
            <ul className="search-empty-tips">
              <li>Check the spelling, or try a shorter word.</li>
              <li>Search for a store name, like a brand you shop at.</li>
              <li>Or start from a popular category or store below.</li>
            </ul>
          </div>
          <SearchSuggestions host={host} />
        </>
      ) : (
        <>
          {storeTotal !== 0 && <StoresSection {...parts} />}
          {couponTotal === 0 ? (
            <p className="search-note">No deal names mention “{term}”. Open a store above to see all of its coupons.</p>
          ) : (
            <DealsSection {...parts} />
          )}
        </>
      )}
    </>
  );
}

function StoresSection({ search, id, view, page, term, allHref }: Parts) {
  const { stores, storeTotal, perPage } = search;
  const storesBody = stores.isPending ? (
    <StoreGridSkeleton count={view === 'stores' ? perPage : pageSettings.searchSkeletons.stores} />
  ) : stores.isError ? (
    <LoadError
      message="Couldn't load matching stores."
      onRetry={() => void stores.refetch()}
      busy={stores.isFetching}
    />
  ) : (
    <StoreGrid stores={stores.data.data.map(tileOf)} />
  );
  return (
    <section className="search-section" aria-labelledby={`${id}-stores`} aria-busy={stores.isPending}>
      <h2 id={`${id}-stores`} className="search-section-title">
        Stores{storeTotal !== null && <span className="search-count"> ({storeTotal})</span>}
      </h2>
      {storesBody}
      {view === 'all' && stores.isSuccess && stores.data.total_pages > 1 && (
        <p className="listing-more">
          <Link to={`${allHref}&type=stores`}>
            See all {plural(stores.data.totalRecords, STORE)} matching “{term}”
          </Link>
        </p>
      )}
      {view === 'stores' && stores.isSuccess && (
        <Pagination page={page} totalPages={stores.data.total_pages} label="Store result pages" />
      )}
    </section>
  );
}

function DealsSection(parts: Parts) {
  const { search, id, page } = parts;
  const { coupons, offers } = search;
  return (
    <section className="search-section" aria-labelledby={`${id}-deals`} aria-busy={coupons.isPending}>
      <h2 id={`${id}-deals`} className="search-section-title">
        Deals
        {coupons.isSuccess && <span className="search-count"> ({coupons.data.totalRecords})</span>}
      </h2>
      <FilteredOffers
        params={offers.params}
        onChange={offers.change}
        showFilters
        counts={coupons.isSuccess ? coupons.data.offer_counts : null}
        busy={coupons.stale}
      >
        <DealsBody {...parts} />
      </FilteredOffers>
      {coupons.isSuccess && <Pagination page={page} totalPages={coupons.data.total_pages} label="Deal result pages" />}
    </section>
  );
}

/** The deals of the page: loading, failed, none with these filters, past the last page, or the list. */
function DealsBody({ search, term, page, allHref }: Parts) {
  const { coupons, offers } = search;
  if (coupons.isPending) return <DealListSkeleton count={pageSettings.searchSkeletons.deals} />;
  if (coupons.isError)
    return (
      <LoadError
        message="Couldn't load matching deals."
        onRetry={() => void coupons.refetch()}
        busy={coupons.isFetching}
      />
    );
  if (coupons.data.totalRecords === 0)
    return (
      <p className="listing-empty" role="status">
        No {OFFER_NOUNS[tabOf(offers.params)]} match “{term}” with these filters.{' '}
        <button type="button" className="btn btn-secondary" onClick={() => offers.change(DEFAULT_OFFER_PARAMS)}>
          Show all deals
        </button>
      </p>
    );
  if (coupons.data.data.length === 0)
    return (
      <p className="listing-empty">
        There is no page {page} of deals. <Link to={allHref}>Back to the first page</Link>
      </p>
    );
  return <DealList coupons={coupons.data.data} headingLevel={3} />;
}

const pageOf = (page: number, totalPages: number) => (totalPages > 1 ? `, page ${page} of ${totalPages}` : '');
