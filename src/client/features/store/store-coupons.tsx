import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { StoreWithCoupons } from '../../../shared/contract/envelopes';
import { DEFAULT_OFFER_PARAMS, type OfferParams } from '../../../shared/rules/offer-params';
import { Pagination } from '../../components/pagination';
import { OFFER_NOUNS, OfferFilters, offerPanelProps, tabOf } from '../../components/offers/offer-filters';
import { CouponGroups } from './deal-list';

interface Props {
  answer: StoreWithCoupons;
  page: number;
  /** The filters in the address (?type=&verified=&sort=): the answer is already filtered and sorted by the API. */
  offers: OfferParams;
  onOffersChange: (next: OfferParams) => void;
  /** Another filter's answer is loading (the previous one stays drawn). */
  busy: boolean;
}

/** The store's offers: filter tabs with the server's totals, active then expired groups, paging; helpful empty states. */
export function StoreCoupons({ answer, page, offers, onOffersChange, busy }: Props) {
  const id = useId();
  const { store, coupons } = answer.data;
  const noun = OFFER_NOUNS[tabOf(offers)];
  const filtered = offers.type !== null || offers.verified;

  if (answer.offer_counts.all === 0 && !offers.verified) {
    return (
      <div className="store-empty">
        <h2 className="coupon-group-title">No offers from {store.name} right now</h2>
        <p className="muted">New codes and deals are added every day. Meanwhile, see what other shops have.</p>
        <Link className="btn btn-secondary" to="/coupons">
          See all deals
        </Link>
      </div>
    );
  }

  let panel;
  if (answer.total_records === 0) {
    panel = (
      <p className="store-empty store-empty-filter" role="status">
        No {offers.verified ? `verified ${noun}` : noun} from {store.name} right now.{' '}
        <button type="button" className="btn btn-secondary" onClick={() => onOffersChange(DEFAULT_OFFER_PARAMS)}>
          Show all offers
        </button>
      </p>
    );
  } else if (coupons.length === 0) {
    panel = (
      <div className="store-empty">
        <h2 className="coupon-group-title">This page has no offers</h2>
        <p className="muted">
          {store.name} has {answer.total_records} {noun} on fewer pages.
        </p>
        <Link className="btn btn-secondary" to={`/store/${encodeURIComponent(store.slug)}`}>
          Back to the first page
        </Link>
      </div>
    );
  } else {
    panel = (
      <CouponGroups
        coupons={coupons}
        activeTitle={filtered ? `${store.name} ${offers.verified ? `verified ${noun}` : noun}` : `${store.name} offers`}
        total={answer.total_records}
      />
    );
  }

  const paged = answer.total_pages > 1;
  return (
    <>
      <div className="store-coupons-bar">
        <OfferFilters id={id} params={offers} counts={answer.offer_counts} onChange={onOffersChange} busy={busy} />
        <p className="store-coupons-summary muted">
          {answer.total_records} {answer.total_records === 1 ? noun.replace(/s$/, '') : noun}
          {paged && ` · page ${page} of ${answer.total_pages}`}
        </p>
      </div>
      <div {...offerPanelProps(id, offers)} className="store-coupons-panel" aria-busy={busy}>
        {panel}
      </div>
      <Pagination page={page} totalPages={answer.total_pages} label={`${store.name} offer pages`} />
    </>
  );
}
