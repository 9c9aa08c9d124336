import { useId, useState, type FormEvent } from 'react';
import { CURRENCY_PATTERN, type TenantCurrency } from '../../../shared/contract/revenue';
import { ConsoleError } from '../api';
import { useLoad } from '../use-load';
import { readTenantCurrencies, saveTenantCurrency } from './revenue-api';

// Admins: what each tenant's revenue is summed in (USD until set). Amounts in other currencies convert through the
// rates table below it; the view sums a choice of tenants in the currency most of them use.

const CODE = new RegExp(CURRENCY_PATTERN);

export function TenantCurrencies({ onSaved }: { onSaved: () => void }) {
  const id = useId();
  const loaded = useLoad(readTenantCurrencies);
  const [kept, setKept] = useState<TenantCurrency[] | null>(null);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const rows = kept ?? loaded.data;
  return (
    <section className="revenue-rates" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Reporting currencies</h3>
      <p className="hint">
        What each tenant&apos;s commission is added up in. Other currencies convert with the rates.
      </p>
      {loaded.error && !rows && (
        <p role="alert" className="error">
          The tenants&apos; currencies could not be loaded: {loaded.error}{' '}
          <button type="button" onClick={() => void loaded.load()}>
            Try again
          </button>
        </p>
      )}
      {!rows && !loaded.error && <p role="status">Loading the tenants&apos; currencies…</p>}
      {rows && (
        <div className="scroll">
          <table aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Tenant</th>
                <th scope="col">Currency</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <CurrencyRow
                  key={`${row.tenant}:${row.reporting_currency}`}
                  row={row}
                  onSaved={(all, text) => {
                    setKept(all);
                    setSaid({ text, error: false });
                    onSaved();
                  }}
                  onError={(text) => setSaid({ text, error: true })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p role={said?.error ? 'alert' : 'status'} className={said?.error ? 'error' : 'hint'}>
        {said?.text ?? ''}
      </p>
    </section>
  );
}

function CurrencyRow(props: {
  row: TenantCurrency;
  onSaved: (all: TenantCurrency[], text: string) => void;
  onError: (text: string) => void;
}) {
  const { row } = props;
  const [value, setValue] = useState(row.reporting_currency);
  const [busy, setBusy] = useState(false);
  const invalid = !CODE.test(value);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return props.onError(`${row.name}: a three-letter ISO 4217 code, e.g. EUR.`);
    setBusy(true);
    try {
      props.onSaved(await saveTenantCurrency(row.tenant, value), `${row.name} now reports in ${value}.`);
    } catch (err) {
      props.onError(err instanceof ConsoleError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <tr>
      <th scope="row">{row.name}</th>
      <td>
        <form className="inline" onSubmit={(e) => void submit(e)} aria-label={`${row.name}'s reporting currency`}>
          <input
            aria-label={`Reporting currency of ${row.name}`}
            value={value}
            maxLength={3}
            size={4}
            aria-invalid={invalid || undefined}
            onChange={(e) => setValue(e.target.value.toUpperCase())}
          />{' '}
          <button type="submit" disabled={busy || value === row.reporting_currency} aria-busy={busy}>
            Save
          </button>
        </form>
      </td>
    </tr>
  );
}
