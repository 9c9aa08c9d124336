import { useId, useRef, useState } from 'react';
import { CURRENCY_PATTERN, type CurrencyRate } from '../../../shared/contract/revenue';
import { ConsoleError } from '../api';
import { useLoad } from '../use-load';
import { readRates, saveRates } from './revenue-api';

// Admins: the rates the view converts with (one unit of a currency in another; the reverse rate is its inverse). No
// live rates: what is kept here is what every amount is converted with. Save replaces the whole table.

interface RateRow {
  id: number;
  currency: string;
  to_currency: string;
  /** As typed. */
  rate: string;
}
type RowProblems = Partial<Record<'currency' | 'to_currency' | 'rate', string>>;

const CODE = new RegExp(CURRENCY_PATTERN);
const RATE_MAX = 1e9;

/** What is wrong with each row (by its id); empty when the table can be saved. */
export function rateProblems(rows: readonly RateRow[]): Map<number, RowProblems> {
  const out = new Map<number, RowProblems>();
  const seen = new Set<string>();
  for (const r of rows) {
    const p: RowProblems = {};
    if (!CODE.test(r.currency)) p.currency = 'A three-letter code (EUR).';
    if (!CODE.test(r.to_currency)) p.to_currency = 'A three-letter code (USD).';
    else if (r.to_currency === r.currency) p.to_currency = 'Another currency than the one converted.';
    const rate = Number(r.rate);
    if (r.rate.trim() === '' || !Number.isFinite(rate) || rate <= 0 || rate > RATE_MAX)
      p.rate = 'A number above 0 (one unit in the other currency).';
    const pair = `${r.currency}>${r.to_currency}`;
    if (!p.currency && !p.to_currency && seen.has(pair)) p.to_currency = `${r.currency} into ${r.to_currency} twice.`;
    seen.add(pair);
    if (Object.keys(p).length) out.set(r.id, p);
  }
  return out;
}

let nextId = 1;
const rowOf = (r?: CurrencyRate): RateRow => ({
  id: nextId++,
  currency: r?.currency ?? '',
  to_currency: r?.to_currency ?? '',
  rate: r ? String(r.rate) : '',
});

export function CurrencyRates({ onSaved }: { onSaved: () => void }) {
  const id = useId();
  const rates = useLoad(readRates);
  // The editor starts again from each table the server answers (the first read, a save).
  const [saved, setSaved] = useState<{ rates: CurrencyRate[]; message: string | null; version: number } | null>(null);
  const table = saved?.rates ?? rates.data;
  return (
    <section className="revenue-rates" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Currency rates</h3>
      <p className="hint">
        One unit of a currency in another, used to add up commission paid in different currencies (the reverse rate is
        its inverse). Amounts without a rate are left out of the figures and named above them.
      </p>
      {rates.error && !table && (
        <p role="alert" className="error">
          The rates could not be loaded: {rates.error}{' '}
          <button type="button" onClick={() => void rates.load()}>
            Try again
          </button>
        </p>
      )}
      {!table && !rates.error && <p role="status">Loading the rates…</p>}
      {table && (
        <RatesEditor
          key={saved?.version ?? 0}
          titleId={`${id}-title`}
          initial={table}
          notice={saved?.message ?? null}
          onSaved={(answer) => {
            setSaved((before) => ({ ...answer, version: (before?.version ?? 0) + 1 }));
            onSaved();
          }}
        />
      )}
    </section>
  );
}

function useRatesEditor(
  initial: CurrencyRate[],
  onSaved: (answer: { rates: CurrencyRate[]; message: string | null }) => void,
) {
  const [rows, setRows] = useState<RateRow[]>(() => initial.map(rowOf));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = rateProblems(rows);
  const edit = (rowId: number, part: Partial<RateRow>) =>
    setRows((all) => all.map((r) => (r.id === rowId ? { ...r, ...part } : r)));
  async function save() {
    setChecked(true);
    setError(null);
    if (rateProblems(rows).size > 0) return;
    setBusy(true);
    try {
      const body = rows.map((r) => ({ currency: r.currency, to_currency: r.to_currency, rate: Number(r.rate) }));
      const answer = await saveRates(body);
      onSaved({ rates: answer.rates, message: answer.message ?? 'Rates saved.' });
    } catch (err) {
      setError(err instanceof ConsoleError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return { rows, setRows, problems: checked ? problems : new Map<number, RowProblems>(), busy, error, edit, save };
}

function RatesEditor(props: {
  titleId: string;
  initial: CurrencyRate[];
  notice: string | null;
  onSaved: (answer: { rates: CurrencyRate[]; message: string | null }) => void;
}) {
  const { rows, setRows, problems, busy, error, edit, save } = useRatesEditor(props.initial, props.onSaved);
  const addRef = useRef<HTMLButtonElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const add = () => {
    const row = rowOf();
    setRows((all) => [...all, row]);
    // The new row's first field takes the focus once it is drawn.
    requestAnimationFrame(() =>
      tableRef.current?.querySelector<HTMLInputElement>(`[data-row='${row.id}'] input`)?.focus(),
    );
  };
  const remove = (rowId: number) => {
    setRows((all) => all.filter((r) => r.id !== rowId));
    addRef.current?.focus();
  };
  return (
    <>
      <div className="scroll">
        <table ref={tableRef} aria-labelledby={props.titleId}>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Into</th>
              <th scope="col">Rate (1 From in Into)</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={4}>No rates: every amount is counted in its own currency only.</td>
              </tr>
            )}
            {rows.map((r, i) => (
              <RateRowFields key={r.id} row={r} n={i + 1} problems={problems.get(r.id)} edit={edit} remove={remove} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="actions">
        <button type="button" ref={addRef} onClick={add}>
          Add a rate
        </button>
        <button type="button" className="primary" disabled={busy} aria-busy={busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save rates'}
        </button>
        {problems.size > 0 && (
          <span role="alert" className="error">
            {problems.size === 1 ? 'One rate needs' : `${problems.size} rates need`} a correction before saving.
          </span>
        )}
        {error && (
          <span role="alert" className="error">
            The rates could not be saved: {error}
          </span>
        )}
        {props.notice && !error && problems.size === 0 && (
          <span role="status" className="ok">
            {props.notice}
          </span>
        )}
      </div>
    </>
  );
}

function RateRowFields(props: {
  row: RateRow;
  n: number;
  problems: RowProblems | undefined;
  edit: (id: number, part: Partial<RateRow>) => void;
  remove: (id: number) => void;
}) {
  const { row, n, problems } = props;
  const id = useId();
  const field = (key: 'currency' | 'to_currency' | 'rate', label: string, code: boolean) => (
    <td data-label={label}>
      <input
        aria-label={`${label}, rate ${n}`}
        value={row[key]}
        inputMode={code ? 'text' : 'decimal'}
        maxLength={code ? 3 : 20}
        autoCapitalize={code ? 'characters' : undefined}
        spellCheck={false}
        aria-invalid={problems?.[key] ? true : undefined}
        aria-describedby={problems?.[key] ? `${id}-${key}` : undefined}
        onChange={(e) => props.edit(row.id, { [key]: code ? e.target.value.toUpperCase().trim() : e.target.value })}
      />
      {problems?.[key] && (
        <small id={`${id}-${key}`} className="field-error">
          {problems[key]}
        </small>
      )}
    </td>
  );
  return (
    <tr data-row={row.id}>
      {field('currency', 'From', true)}
      {field('to_currency', 'Into', true)}
      {field('rate', 'Rate', false)}
      <td className="row-actions">
        <button type="button" className="danger" onClick={() => props.remove(row.id)}>
          Remove<span className="sr-only"> rate {n}</span>
        </button>
      </td>
    </tr>
  );
}
