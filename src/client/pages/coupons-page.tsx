import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { latestCouponsAtom } from '../api/coupons';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { Pagination, usePageParam } from '../components/pagination';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { DealList, DealListSkeleton } from '../features/listing/deal-list';
import { rangeText } from '../features/listing/range-text';
import { ResultsStatus } from '../features/listing/results-status';
import { useFocusOnChange } from '../features/listing/use-focus-on-change';
import { LoadError } from '../components/stores/load-error';
import { pageSettings } from '../config/page-settings';
import '../features/listing/listing.css';

const DEAL = { one: 'deal', many: 'deals' };

/** /coupons: every deal of the tenant, newest first, paged (?page=N) by the API's total_records / total_pages. */
export function CouponsPage() {
  usePageTitle('All deals');
  const host = useAtomValue(bootstrapAtom).host;
  const page = usePageParam();
  const perPage = pageSettings.couponsPerPage;
  const result = useAtomValue(latestCouponsAtom(host, page, perPage));
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
      <ResultsStatus text={result.isSuccess ? rangeText(page, perPage, result.data.total_records, DEAL) : null} />
      <AffiliateDisclosure />
      {body}
      {result.isSuccess && <Pagination page={page} totalPages={result.data.total_pages} label="Deal pages" />}
    </div>
  );
}
