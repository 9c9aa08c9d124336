import { useCallback, useId, useState } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import type { RevenueQuery, RevenueView } from '../../../shared/contract/revenue';
import { DIMENSION_HEADINGS } from '../../../shared/revenue/csv-export';
import { useLoad } from '../use-load';
import { CurrencyRates } from './currency-rates';
import { TenantCurrencies } from './tenant-currencies';
import { readRevenue } from './revenue-api';
import { RevenueChart } from './revenue-chart';
import { RevenueControls, type RevenueChoice } from './revenue-controls';
import { csvFileName, lastDays, rangeProblem } from './revenue-dates';
import { downloadCsv } from './revenue-download';
import { formatCount, formatMoney, rangeText } from './revenue-format';
import { RevenueImport } from './revenue-import';
import { ReportSources } from './report-sources';
import { RevenueTable } from './revenue-table';
import { REVENUE_STYLES } from './revenue-styles';

// Issue 31, follow the money, the console's Revenue tab (every operator; the server sums an editor's tenants only):
// click-outs and the commission the networks' reports matched to them, per tenant, store, coupon, network or layout
// variant over a range of UTC days, drawn per day (uPlot) and exported as CSV. Admins also import the reports and
// keep the currency rates. A lazy chunk like the Feeds tab: none of it (uPlot least of all) is in the console's
// first load, and nothing of the console is in the shop's.

const queryOf = (c: RevenueChoice): RevenueQuery => ({
  from: c.from,
  to: c.to,
  by: c.by,
  ...(c.tenant ? { tenant: c.tenant } : {}),
});

/** The controls as chosen, and the last query they made that can be asked (a half-typed date asks nothing). */
function useRevenueQuery() {
  const [choice, setChoice] = useState<RevenueChoice>(() => ({ ...lastDays(30), by: 'tenant', tenant: '' }));
  const [query, setQuery] = useState<RevenueQuery>(() => queryOf(choice));
  const change = (next: RevenueChoice) => {
    setChoice(next);
    if (rangeProblem(next.from, next.to) === null) setQuery(queryOf(next));
  };
  return { choice, change, query, problem: rangeProblem(choice.from, choice.to) };
}

export default function RevenuePanel(props: { tenants: readonly AdminTenant[]; isAdmin: boolean }) {
  const id = useId();
  const { choice, change, query, problem } = useRevenueQuery();
  const read = useCallback(() => readRevenue(query), [query]);
  const { data: view, loading, error, load } = useLoad(read);
  const reload = () => void load();
  // While a read runs the view shown may be an older query's: the download waits for the answer to the one chosen.
  const tenantKey = props.tenants.find((t) => t._id === query.tenant)?.key;
  return (
    <section className="panel revenue" aria-labelledby={`${id}-title`}>
      <style>{REVENUE_STYLES}</style>
      <div className="table-head">
        <h2 id={`${id}-title`}>Revenue</h2>
        <div className="actions">
          <button type="button" onClick={reload} disabled={loading} aria-busy={loading}>
            {loading && view ? 'Refreshing…' : 'Refresh'}
          </button>
          <button
            type="button"
            disabled={!view || loading || view.rows.length === 0}
            onClick={() => view && downloadCsv(view, csvFileName(view, tenantKey))}
          >
            Download CSV
          </button>
        </div>
      </div>
      <p className="hint">
        Click-outs (automated ones left out) and the commission the networks reported for them, by the day of the click.
        Conversion counts transactions not declined per click; EPC is the commission earned per 100 clicks.
      </p>
      <RevenueControls choice={choice} onChange={change} tenants={props.tenants} problem={problem} />
      <p role="status" className="sr-only">
        {loading ? (view ? 'Updating the figures…' : 'Loading the figures…') : view ? shownText(view) : ''}
      </p>
      {error && (
        <p role="alert" className="error">
          The revenue could not be loaded: {error}{' '}
          <button type="button" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      <RevenueBody view={view} busy={loading} failed={error !== null} isAdmin={props.isAdmin} />
      {props.isAdmin && (
        <>
          <RevenueImport onImported={reload} />
          <ReportSources onImported={reload} />
          <TenantCurrencies onSaved={reload} />
          <CurrencyRates onSaved={reload} />
        </>
      )}
    </section>
  );
}

/** What the live region says once the figures are in. */
const shownText = (v: RevenueView) =>
  v.rows.length === 0
    ? `No click-outs from ${rangeText(v.from, v.to)}.`
    : `${formatCount(v.rows.length)} ${v.rows.length === 1 ? 'group' : 'groups'} by ${DIMENSION_HEADINGS[v.by].toLowerCase()}, ${rangeText(v.from, v.to)}.`;

function RevenueBody(props: { view: RevenueView | null; busy: boolean; failed: boolean; isAdmin: boolean }) {
  const { view } = props;
  // Before the first answer: the table's skeleton (not when that answer failed: the message says so).
  if (!view) return props.failed ? null : <RevenueTable view={null} busy />;
  return (
    <>
      <RevenueNotes view={view} isAdmin={props.isAdmin} />
      {view.rows.length === 0 ? (
        <p className="empty">No click-outs in this range.</p>
      ) : (
        <>
          <RevenueChart days={view.days} currency={view.currency} />
          <RevenueTable view={view} busy={props.busy} />
        </>
      )}
    </>
  );
}

/** What the figures leave out: commission in currencies without a rate, transactions that name no click. */
function RevenueNotes({ view, isAdmin }: { view: RevenueView; isAdmin: boolean }) {
  if (view.unconverted.length === 0 && view.unmatched === 0) return null;
  return (
    <div className="revenue-notes warning">
      {view.unconverted.length > 0 && (
        <p>
          Left out of the amounts, for want of a rate into {view.currency}:{' '}
          {view.unconverted.map((u) => `${formatMoney(u.commission_minor, u.currency)} (${u.currency})`).join(', ')}.
          {isAdmin ? ' Add the rates under Currency rates below.' : ' An admin can add the rates.'}
        </p>
      )}
      {view.unmatched > 0 && (
        <p>
          {view.unmatched === 1
            ? '1 imported transaction names no click of ours (its sub-ID matches none) and is in no figure here.'
            : `${formatCount(view.unmatched)} imported transactions name no click of ours (their sub-IDs match none) and are in no figure here.`}
        </p>
      )}
    </div>
  );
}
