import { useRef, type KeyboardEvent } from 'react';
import type { OfferCounts } from '../../../shared/contract/entities';
import type { OfferSort, OfferType } from '../../../shared/contract/values';
import type { OfferParams } from '../../../shared/rules/offer-params';
import './offer-filters.css';

// Issue 13: the offer lists' filters, answered by the API over the whole list. The tabs carry the server's totals.
type Tab = OfferType | 'all';
const TABS: readonly Tab[] = ['all', 'code', 'deal', 'free_shipping'];
const TAB_LABELS: Record<Tab, string> = { all: 'All', code: 'Codes', deal: 'Deals', free_shipping: 'Free shipping' };
const SORT_LABELS: Record<OfferSort, string> = { best: 'Best', newest: 'Newest', ending_soon: 'Ending soon' };

/** How the page's panel names a filtered list: "codes", "free-shipping offers"… */
export const OFFER_NOUNS: Record<Tab, string> = {
  all: 'offers',
  code: 'codes',
  deal: 'deals',
  free_shipping: 'free-shipping offers',
};

export const tabOf = (params: OfferParams): Tab => params.type ?? 'all';

/** The props of the panel the tabs control (the list of offers). */
export const offerPanelProps = (id: string, params: OfferParams) => ({
  role: 'tabpanel',
  id: `${id}-panel`,
  'aria-labelledby': `${id}-tab-${tabOf(params)}`,
});

interface Props {
  /** Id prefix: tab t is `${id}-tab-${t}`, the panel they control `${id}-panel` (offerPanelProps). */
  id: string;
  params: OfferParams;
  /** The server's totals per type; null while the first answer loads. */
  counts: OfferCounts | null;
  onChange: (next: OfferParams) => void;
  /** The list is loading another filter. */
  busy?: boolean;
}

/** All / Codes / Deals / Free shipping as ARIA tabs (arrow keys, Home, End), a verified-only switch and a sort. */
export function OfferFilters({ id, params, counts, onChange, busy = false }: Props) {
  const refs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const current = tabOf(params);
  const choose = (tab: Tab) => onChange({ ...params, type: tab === 'all' ? null : tab });

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.indexOf(current);
    const last = TABS.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next] ?? 'all';
    choose(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div className="offer-filters" aria-busy={busy}>
      <div className="coupon-tabs" role="tablist" aria-label="Show offers">
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            className="coupon-tabs-tab"
            aria-selected={tab === current}
            aria-controls={`${id}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => choose(tab)}
            onKeyDown={onKeyDown}
          >
            {TAB_LABELS[tab]} <span className="coupon-tabs-count">{counts ? counts[tab] : '–'}</span>
          </button>
        ))}
      </div>
      <div className="offer-filters-more">
        <label className="offer-verified">
          <input
            type="checkbox"
            checked={params.verified}
            onChange={(event) => onChange({ ...params, verified: event.target.checked })}
          />
          Verified by shoppers
        </label>
        <label className="offer-sort">
          Sort
          <select
            value={params.sort}
            onChange={(event) => onChange({ ...params, sort: event.target.value as OfferSort })}
          >
            {(Object.keys(SORT_LABELS) as OfferSort[]).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
