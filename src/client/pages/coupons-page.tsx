import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { allDealsAtom } from '../api/coupon-pages';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { Pagination, usePageParam } from '../components/pagination';
import { OFFER_NOUNS, tabOf } from '../components/offers/offer-filters';
import { FilteredOffers } from '../components/offers/filtered-offers';
import { useOfferParams } from '../components/offers/use-offer-params';
import { DEFAULT_OFFER_PARAMS } from '../../shared/rules/offer-params';
import { DealList, DealListSkeleton } from '../features/listing/deal-list';
import { rangeText } from '../features/listing/range-text';
import { ResultsStatus } from '../features/listing/results-status';
import { useFocusOnChange } from '../features/listing/use-focus-on-change';
import { LoadError } from '../components/stores/load-error';
import { pageSettings } from '../config/page-settings';
import { useSettledResult } from '../components/use-settled';
import '../features/listing/listing.css';

const DEAL = { one: 'deal', many: 'deals' };

/** /coupons: every deal of the tenant, newest first, paged (?page=N) by the API's total_records / total_pages. */
export function CouponsPage() {
  usePageTitle('All deals');
  const host = useAtomValue(bootstrapAtom).host;
  const page = usePageParam();
  const perPage = pageSettings.couponsPerPage;
  const offers = useOfferParams();
  // Another filter or page keeps the deals drawn (busy) while it loads.
  const result = useSettledResult(useAtomValue(allDealsAtom(host, page, perPage, offers.key)));
  const headingRef = useFocusOnChange<HTMLHeadingElement>(String(page));

  let body;
  if (result.isPending) {
    body = (
      <div aria-busy="true" aria-label="Deals loading">
        <DealListSkeleton count={perPage} />
      </div>
    );
  } else if (result.isError) {
    body = <LoadError message="Couldn't load deals." onRetry={() => void result.refetch()} />;
  } else if (result.data.total_records === 0 && result.data.offer_counts.all > 0) {
    body = (
      <p className="listing-empty" role="status">
        No {offers.params.verified ? 'verified ' : ''}
        {OFFER_NOUNS[tabOf(offers.params)]} right now.{' '}
        <button type="button" className="btn btn-secondary" onClick={() => offers.change(DEFAULT_OFFER_PARAMS)}>
          Show all deals
        </button>
      </p>
    );
  } else if (result.data.data.length === 0) {
    body =
      result.data.total_records > 0 ? (
        <div className="listing-empty">
          <p>
            There is no page {page}; the deals end on page {result.data.total_pages}.
          </p>
          <Link className="btn btn-secondary" to="/coupons">
            Back to the first page
          </Link>
        </div>
      ) : (
        <p className="listing-empty">No deals right now. New coupons arrive every day.</p>
      );
  } else {
    body = <DealList coupons={result.data.data} headingLevel={2} />;
  }

  return (
    <div className="page listing-page">
      <header className="listing-head">
        <h1 ref={headingRef} tabIndex={-1} className="listing-title">
          All deals
        </h1>
        <p className="listing-lead">Every coupon code and deal we have, newest first.</p>
      </header>
      <ResultsStatus
        text={result.isSuccess && !result.stale ? rangeText(page, perPage, result.data.total_records, DEAL) : null}
      />
      <FilteredOffers
        params={offers.params}
        onChange={offers.change}
        showFilters={result.isSuccess && result.data.offer_counts.all > 0}
        counts={result.data?.offer_counts ?? null}
        busy={result.stale}
      >
        {body}
      </FilteredOffers>
      {result.isSuccess && <Pagination page={page} totalPages={result.data.total_pages} label="Deal pages" />}
    </div>
  );
}
