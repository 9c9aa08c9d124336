import { useId } from 'react';
import type { AdminTenant } from '../../../shared/contract/admin';
import { REVENUE_DIMENSIONS, type RevenueDimension } from '../../../shared/contract/revenue';
import { DIMENSION_HEADINGS } from '../../../shared/revenue/csv-export';
import { lastDays, quickRangeOf } from './revenue-dates';

// What the view shows: a range of UTC days (two date fields, or a quick range), how it is grouped, which tenant.

export const QUICK_RANGES = [7, 30, 90] as const;

export interface RevenueChoice {
  from: string;
  to: string;
  by: RevenueDimension;
  /** One tenant's _id, or '' for all the operator's tenants. */
  tenant: string;
}

export function RevenueControls(props: {
  choice: RevenueChoice;
  onChange: (next: RevenueChoice) => void;
  tenants: readonly AdminTenant[];
  /** Why the range can't be asked for (shown under the dates, which it describes). */
  problem: string | null;
}) {
  const id = useId();
  const { choice, onChange } = props;
  const quick = quickRangeOf(choice.from, choice.to, QUICK_RANGES);
  const set = (part: Partial<RevenueChoice>) => onChange({ ...choice, ...part });
  const invalid = props.problem !== null;
  return (
    <div className="revenue-controls">
      <fieldset className="revenue-range" aria-describedby={`${id}-range-hint`}>
        <legend>Days (UTC)</legend>
        <label>
          From
          <input
            type="date"
            value={choice.from}
            max={choice.to || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-problem` : undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            value={choice.to}
            min={choice.from || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-problem` : undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <div className="revenue-quick" role="group" aria-label="Quick ranges, ending today">
          {QUICK_RANGES.map((n) => (
            <button key={n} type="button" aria-pressed={quick === n} onClick={() => set(lastDays(n))}>
              Last {n} days
            </button>
          ))}
        </div>
        <p id={`${id}-range-hint`} className="hint">
          Both days included, counted in UTC.
        </p>
        {invalid && (
          <p id={`${id}-problem`} className="error" role="alert">
            {props.problem}
          </p>
        )}
      </fieldset>
      <label>
        Group by
        <select value={choice.by} onChange={(e) => set({ by: e.target.value as RevenueDimension })}>
          {REVENUE_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {DIMENSION_HEADINGS[d]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tenant
        <select value={choice.tenant} onChange={(e) => set({ tenant: e.target.value })}>
          <option value="">All tenants</option>
          {props.tenants.map((t) => (
            <option key={t._id} value={t._id}>
              {t.data.name} ({t.hosts[0] ?? t.key})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
