import type { CurrencyRate, RevenueDay, RevenueFigures, RevenueRow, TransactionState } from '../contract/revenue';
import { convertMinor } from './money';

// Issue 31: the revenue view's sums, from what the database counted per group and day. Pure and property-tested
// (tests/property/revenue/figures.test.ts): the totals are the sum of the rows, a state change moves money between
// columns and never adds any, and no amount is converted without a kept rate.

/** Counted click-outs of one group on one UTC day. */
export interface ClickCount {
  key: string;
  day: string;
  clicks: number;
}

/** Matched transactions of one group, day (of their click), state and currency. */
export interface MoneyCount {
  key: string;
  day: string;
  state: TransactionState;
  currency: string;
  transactions: number;
  commission_minor: number;
}

export interface FiguresInput {
  clicks: readonly ClickCount[];
  money: readonly MoneyCount[];
  rates: readonly CurrencyRate[];
  currency: string;
  /** Every day of the range, oldest first (YYYY-MM-DD). */
  days: readonly string[];
  /** A group's name (a tenant's, store's, coupon's…); its key otherwise. */
  labels: ReadonlyMap<string, string>;
}

export interface FiguresOutput {
  totals: RevenueFigures;
  rows: RevenueRow[];
  days: RevenueDay[];
  unconverted: { currency: string; commission_minor: number }[];
}

interface Sums {
  clicks: number;
  transactions: number;
  earning: number;
  pending: number;
  approved: number;
  paid: number;
  declined: number;
}

const empty = (): Sums => ({ clicks: 0, transactions: 0, earning: 0, pending: 0, approved: 0, paid: 0, declined: 0 });

/** Earnings per 100 clicks, in minor units (two decimals kept); 0 without clicks. */
export const epcOf = (earned: number, clicks: number): number =>
  clicks === 0 ? 0 : Math.round((earned * 100 * 100) / clicks) / 100;

function figuresOf(s: Sums): RevenueFigures {
  const earned = s.pending + s.approved + s.paid;
  return {
    clicks: s.clicks,
    transactions: s.transactions,
    conversion: s.clicks === 0 ? 0 : Math.min(1, s.earning / s.clicks),
    pending_minor: s.pending,
    approved_minor: s.approved,
    paid_minor: s.paid,
    declined_minor: s.declined,
    epc_minor: epcOf(earned, s.clicks),
  };
}

function addMoney(s: Sums, state: TransactionState, transactions: number, minor: number): void {
  s.transactions += transactions;
  if (state !== 'declined') s.earning += transactions;
  s[state] += minor;
}

/** The view's rows (most commission first, then most clicks, then label), totals and day series. */
export function revenueFigures(input: FiguresInput): FiguresOutput {
  const groups = new Map<string, Sums>();
  const group = (key: string) => groups.get(key) ?? groups.set(key, empty()).get(key)!;
  const total = empty();
  const byDay = new Map(input.days.map((d) => [d, { day: d, clicks: 0, commission_minor: 0 }]));
  const unconverted = new Map<string, number>();

  for (const c of input.clicks) {
    group(c.key).clicks += c.clicks;
    total.clicks += c.clicks;
    const day = byDay.get(c.day);
    if (day) day.clicks += c.clicks;
  }
  for (const m of input.money) {
    const minor = convertMinor(m.commission_minor, m.currency, input.currency, input.rates);
    if (minor === null) {
      if (m.state !== 'declined') unconverted.set(m.currency, (unconverted.get(m.currency) ?? 0) + m.commission_minor);
      continue;
    }
    addMoney(group(m.key), m.state, m.transactions, minor);
    addMoney(total, m.state, m.transactions, minor);
    const day = byDay.get(m.day);
    if (day && m.state !== 'declined') day.commission_minor += minor;
  }

  const rows = [...groups].map(([key, s]) => ({ key, label: input.labels.get(key) ?? key, ...figuresOf(s) }));
  const earned = (r: RevenueFigures) => r.pending_minor + r.approved_minor + r.paid_minor;
  rows.sort((a, b) => earned(b) - earned(a) || b.clicks - a.clicks || a.label.localeCompare(b.label));
  return {
    totals: figuresOf(total),
    rows,
    days: [...byDay.values()],
    unconverted: [...unconverted].map(([currency, commission_minor]) => ({ currency, commission_minor })),
  };
}

/** Every UTC day from `from` to `to` inclusive (YYYY-MM-DD), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
