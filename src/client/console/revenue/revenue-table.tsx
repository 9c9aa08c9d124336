import { useMemo, useState } from 'react';
import type { RevenueFigures, RevenueRow, RevenueView } from '../../../shared/contract/revenue';
import { DIMENSION_HEADINGS } from '../../../shared/revenue/csv-export';
import { formatCount, formatMoney, formatPercent, rangeText, textOf } from './revenue-format';

// The figures by group, the totals below them. A column's heading is a button that sorts by it (descending first for
// figures, A–Z first for the label; again to reverse); aria-sort tells which column the rows follow.

type FigureKey = keyof RevenueFigures;
type SortKey = 'label' | FigureKey;
interface Sort {
  key: SortKey;
  descending: boolean;
}

interface Column {
  key: FigureKey;
  label: string;
  cell: (f: RevenueFigures, currency: string) => string;
}

const money = (key: FigureKey & `${string}_minor`) => (f: RevenueFigures, currency: string) =>
  formatMoney(f[key], currency);

export const COLUMNS: readonly Column[] = [
  { key: 'clicks', label: 'Clicks', cell: (f) => formatCount(f.clicks) },
  { key: 'transactions', label: 'Transactions', cell: (f) => formatCount(f.transactions) },
  { key: 'conversion', label: 'Conversion', cell: (f) => formatPercent(f.conversion) },
  { key: 'pending_minor', label: 'Pending', cell: money('pending_minor') },
  { key: 'approved_minor', label: 'Approved', cell: money('approved_minor') },
  { key: 'paid_minor', label: 'Paid', cell: money('paid_minor') },
  { key: 'declined_minor', label: 'Declined', cell: money('declined_minor') },
  { key: 'epc_minor', label: 'EPC (per 100 clicks)', cell: money('epc_minor') },
];

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

function sorted(rows: readonly RevenueRow[], sort: Sort | null): readonly RevenueRow[] {
  if (!sort) return rows;
  const { key, descending } = sort;
  const order = (a: RevenueRow, b: RevenueRow) =>
    key === 'label' ? collator.compare(textOf(a.label), textOf(b.label)) : a[key] - b[key];
  return [...rows].sort((a, b) => (descending ? order(b, a) : order(a, b)));
}

function SortButton(props: { label: string; active: Sort | null; sortKey: SortKey; onSort: (s: Sort) => void }) {
  const on = props.active?.key === props.sortKey;
  const firstDescending = props.sortKey !== 'label';
  const next: Sort = { key: props.sortKey, descending: on ? !props.active!.descending : firstDescending };
  return (
    <button type="button" className="revenue-sort" onClick={() => props.onSort(next)}>
      {props.label}
      <span aria-hidden="true" className="revenue-sort-mark">
        {on ? (props.active!.descending ? ' ▼' : ' ▲') : ' ↕'}
      </span>
    </button>
  );
}

const ariaSort = (active: Sort | null, key: SortKey) =>
  active?.key === key ? (active.descending ? 'descending' : 'ascending') : undefined;

/** The view's table; while the first answer is on its way (view null), a skeleton of four rows. */
export function RevenueTable({ view, busy }: { view: RevenueView | null; busy: boolean }) {
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useMemo(() => sorted(view?.rows ?? [], sort), [view, sort]);
  const heading = view ? DIMENSION_HEADINGS[view.by] : 'Group';
  return (
    <div className="scroll">
      <table className="revenue-table" aria-busy={busy}>
        <caption>
          {view
            ? `Revenue by ${heading.toLowerCase()}, ${rangeText(view.from, view.to)}, in ${view.currency}`
            : 'Revenue'}
        </caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={ariaSort(sort, 'label')}>
              <SortButton label={heading} active={sort} sortKey="label" onSort={setSort} />
            </th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className="number" aria-sort={ariaSort(sort, c.key)}>
                <SortButton label={c.label} active={sort} sortKey={c.key} onSort={setSort} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view
            ? rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" data-label={heading}>
                    {textOf(r.label)}
                  </th>
                  <Figures figures={r} currency={view.currency} />
                </tr>
              ))
            : Array.from({ length: 4 }, (_, i) => <SkeletonRow key={i} />)}
        </tbody>
        {view && (
          <tfoot>
            <tr className="revenue-total">
              <th scope="row" data-label={heading}>
                Total
              </th>
              <Figures figures={view.totals} currency={view.currency} />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Figures({ figures, currency }: { figures: RevenueFigures; currency: string }) {
  return (
    <>
      {COLUMNS.map((c) => (
        <td key={c.key} className="number" data-label={c.label}>
          {c.cell(figures, currency)}
        </td>
      ))}
    </>
  );
}

function SkeletonRow() {
  return (
    <tr aria-hidden="true">
      <th scope="row">
        <span className="revenue-skeleton" />
      </th>
      {COLUMNS.map((c) => (
        <td key={c.key} className="number">
          <span className="revenue-skeleton" />
        </td>
      ))}
    </tr>
  );
}
