import { REVENUE_MAX_DAYS, type RevenueQuery } from '../../../shared/contract/revenue';

// The Revenue tab's ranges: UTC days (YYYY-MM-DD), both ends inclusive, as the revenue view counts them.

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The `n` days ending today (UTC): "Last 30 days" is today and the 29 days before. */
export function lastDays(n: number, now: Date = new Date()): { from: string; to: string } {
  const to = utcDay(now);
  return { from: utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (n - 1) * DAY_MS)), to };
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30), as milliseconds since 1970; null otherwise. */
function dayMs(day: string): number | null {
  if (!DATE.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || utcDay(new Date(ms)) !== day ? null : ms;
}

/** How many days from `from` to `to`, both counted (1 for one day); null when either is no day. */
export function daysIn(from: string, to: string): number | null {
  const a = dayMs(from);
  const b = dayMs(to);
  return a === null || b === null ? null : Math.round((b - a) / DAY_MS) + 1;
}

/** Why the range cannot be asked for, in words; null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (dayMs(from) === null) return 'Choose the first day of the range.';
  if (dayMs(to) === null) return 'Choose the last day of the range.';
  const days = daysIn(from, to)!;
  if (days < 1) return 'The first day comes after the last one.';
  if (days > REVENUE_MAX_DAYS) return `A range holds at most ${REVENUE_MAX_DAYS} days (this one ${days}).`;
  return null;
}

/** Which quick range (7, 30, 90 days) the range is, if any, today. */
export function quickRangeOf(from: string, to: string, choices: readonly number[], now: Date = new Date()) {
  return choices.find((n) => {
    const r = lastDays(n, now);
    return r.from === from && r.to === to;
  });
}

/** The CSV's file name: revenue-2026-11-08-to-2026-12-07-by-store.csv (and the tenant's key when one is chosen). */
export function csvFileName(q: Pick<RevenueQuery, 'from' | 'to' | 'by'>, tenantKey?: string): string {
  const tenant = tenantKey ? `-${tenantKey.toLowerCase().replace(/[^a-z0-9.-]+/g, '-')}` : '';
  return `revenue-${q.from}-to-${q.to}-by-${q.by}${tenant}.csv`;
}
