import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { StoreWithCoupons } from '../../../shared/contract/envelopes';
import { Pagination } from '../../components/pagination';
import { CouponFilterTabs } from './coupon-filter-tabs';
import { countByFilter, filterCoupons, parseCouponFilter, type CouponFilter } from './coupon-groups';
import { CouponGroups } from './deal-list';

// The filter lives in the address (?show=codes) so it survives paging and can be shared.
const FILTER_PARAM = 'show';
const NOUN: Record<CouponFilter, string> = { all: 'offers', codes: 'codes', deals: 'deals' };

/** The store's offers: filter tabs, active then expired groups, paging; empty states that say what to do next. */
export function StoreCoupons({ answer, page }: { answer: StoreWithCoupons; page: number }) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const { store, coupons } = answer.data;
  const filter = parseCouponFilter(params.get(FILTER_PARAM));

  function choose(next: CouponFilter) {
    const updated = new URLSearchParams(params);
    if (next === 'all') updated.delete(FILTER_PARAM);
    else updated.set(FILTER_PARAM, next);
    setParams(updated, { replace: true });
  }

  if (answer.total_records === 0) {
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
  if (coupons.length === 0) {
    return (
      <div className="store-empty">
        <h2 className="coupon-group-title">This page has no offers</h2>
        <p className="muted">
          {store.name} has {answer.total_records} offers on fewer pages.
        </p>
        <Link className="btn btn-secondary" to={`/store/${encodeURIComponent(store.slug)}`}>
          Back to the first page
        </Link>
      </div>
    );
  }

  const shown = filterCoupons(coupons, filter);
  const paged = answer.total_pages > 1;
  return (
    <>
      <div className="store-coupons-bar">
        <CouponFilterTabs id={id} value={filter} counts={countByFilter(coupons)} onChange={choose} />
        <p className="store-coupons-summary muted">
          {answer.total_records} {answer.total_records === 1 ? 'offer' : 'offers'}
          {paged && ` · page ${page} of ${answer.total_pages}`}
        </p>
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${filter}`} className="store-coupons-panel">
        {shown.length === 0 ? (
          <p className="store-empty store-empty-filter" role="status">
            No {NOUN[filter]} {paged ? 'on this page' : `from ${store.name} right now`}.{' '}
            <button type="button" className="btn btn-secondary" onClick={() => choose('all')}>
              Show all offers
            </button>
          </p>
        ) : (
          <CouponGroups
            coupons={shown}
            activeTitle={filter === 'all' ? `${store.name} offers` : `${store.name} ${NOUN[filter]}`}
          />
        )}
      </div>
      <Pagination page={page} totalPages={answer.total_pages} label={`${store.name} offer pages`} />
    </>
  );
}
