import { useRef, type KeyboardEvent } from 'react';
import { COUPON_FILTERS, type CouponFilter } from './coupon-groups';

const LABELS: Record<CouponFilter, string> = { all: 'All', codes: 'Codes', deals: 'Deals' };

interface Props {
  value: CouponFilter;
  counts: Record<CouponFilter, number>;
  onChange: (filter: CouponFilter) => void;
  /** Id prefix: tab i is `${id}-tab-${filter}`, the panel they control is `${id}-panel`. */
  id: string;
}

/** All / Codes / Deals as ARIA tabs (arrow keys, Home, End) over one panel of offers. */
export function CouponFilterTabs({ value, counts, onChange, id }: Props) {
  const refs = useRef<Partial<Record<CouponFilter, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const i = COUPON_FILTERS.indexOf(value);
    const last = COUPON_FILTERS.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const filter = COUPON_FILTERS[next] ?? 'all';
    onChange(filter);
    refs.current[filter]?.focus();
  }

  return (
    <div className="coupon-tabs" role="tablist" aria-label="Show offers">
      {COUPON_FILTERS.map((filter) => (
        <button
          key={filter}
          ref={(el) => {
            refs.current[filter] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${filter}`}
          className="coupon-tabs-tab"
          aria-selected={filter === value}
          aria-controls={`${id}-panel`}
          tabIndex={filter === value ? 0 : -1}
          onClick={() => onChange(filter)}
          onKeyDown={onKeyDown}
        >
          {LABELS[filter]} <span className="coupon-tabs-count">{counts[filter]}</span>
        </button>
      ))}
    </div>
  );
}
