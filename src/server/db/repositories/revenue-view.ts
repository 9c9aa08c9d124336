import {
  AFFILIATE_NETWORK_NAMES,
  type AffiliateNetwork,
  type RevenueDimension,
  type RevenueView,
  type TransactionState,
} from '../../../shared/contract/revenue';
import { daysBetween, revenueFigures, type ClickCount, type MoneyCount } from '../../../shared/revenue/figures';
import type { Queryable } from '../connect';
import { currencyRates } from './commissions';

// Issue 31, the console's Revenue tab: counted click-outs and the commission of their matched transactions per tenant,
// store, coupon, network or layout variant over a range of UTC days (a sale counts on its click's day, so a group's
// conversion and EPC compare like with like), summed by src/shared/revenue/figures.ts.

/** What each dimension groups clicks by (their money follows the click it matched). */
const CLICK_KEY: Readonly<Record<RevenueDimension, string>> = {
  tenant: 'co.domain_id',
  store: "COALESCE(co.store_id, '')",
  coupon: "COALESCE(co.coupon_id, '')",
  network: "COALESCE(co.affiliate_network, 'other')",
  layout: 'co.layout_variant',
};
const MONEY_KEY: Readonly<Record<RevenueDimension, string>> = {
  ...CLICK_KEY,
  network: 'COALESCE(co.affiliate_network, m.network)',
};

const DAY = `to_char(co.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
const UTC_DAY = (p: string, plus = '') => `((${p}::date${plus})::timestamp AT TIME ZONE 'UTC')`;
const SCOPE = `co.created_at >= ${UTC_DAY('$1')} AND co.created_at < ${UTC_DAY('$2', ' + 1')}
  AND ($3::text[] IS NULL OR co.domain_id = ANY($3))`;

export interface ViewInput {
  from: string;
  to: string;
  by: RevenueDimension;
  /** The tenants in view; null: every tenant (an admin). */
  domainIds: readonly string[] | null;
  /** Count unmatched transactions (admins: they belong to no tenant). */
  withUnmatched: boolean;
}

async function labelsOf(db: Queryable, by: RevenueDimension, keys: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const known = keys.filter((k) => k !== '');
  if (keys.includes('')) labels.set('', by === 'store' ? '(deleted store)' : '(deleted coupon)');
  if (by === 'network') {
    for (const k of keys)
      labels.set(k, AFFILIATE_NETWORK_NAMES[k as AffiliateNetwork] ?? (k === 'other' ? 'Other networks' : k));
    return labels;
  }
  const sql: Partial<Record<RevenueDimension, string>> = {
    tenant: 'SELECT id AS key, name AS label FROM domains WHERE id = ANY($1)',
    store: 'SELECT id AS key, name AS label FROM stores WHERE id = ANY($1)',
    coupon: `SELECT c.id AS key, s.name || ': ' || c.title AS label FROM coupons c JOIN stores s ON s.id = c.store_id
             WHERE c.id = ANY($1)`,
  };
  const query = sql[by];
  if (query && known.length > 0)
    for (const r of await db.query<{ key: string; label: string }>(query, [known])) labels.set(r.key, r.label);
  return labels;
}

/** The currency the view sums in: the reporting currency most of the tenants in view use (USD without any). */
async function viewCurrency(db: Queryable, domainIds: readonly string[] | null): Promise<string> {
  const rows = await db.query<{ currency: string }>(
    `SELECT reporting_currency AS currency FROM domains WHERE $1::text[] IS NULL OR id = ANY($1)
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [domainIds],
  );
  return rows[0]?.currency ?? 'USD';
}

export async function revenueView(db: Queryable, v: ViewInput): Promise<RevenueView> {
  const scope = [v.from, v.to, v.domainIds];
  const clicks = await db.query<ClickCount>(
    `SELECT ${CLICK_KEY[v.by]} AS key, ${DAY} AS day, count(*)::int AS clicks FROM click_outs co
     WHERE ${SCOPE} AND NOT co.automated GROUP BY 1, 2`,
    scope,
  );
  const money = await db.query<Omit<MoneyCount, 'commission_minor'> & { commission_minor: string; state: string }>(
    `SELECT ${MONEY_KEY[v.by]} AS key, ${DAY} AS day, m.state, m.currency, count(*)::int AS transactions,
       sum(m.commission_minor)::text AS commission_minor
     FROM commissions m JOIN click_outs co ON co.id = m.click_id WHERE ${SCOPE} GROUP BY 1, 2, 3, 4`,
    scope,
  );
  const keys = [...new Set([...clicks.map((c) => c.key), ...money.map((m) => m.key)])];
  const currency = await viewCurrency(db, v.domainIds);
  const figures = revenueFigures({
    clicks: clicks.map((c) => ({ ...c, clicks: Number(c.clicks) })),
    money: money.map((m) => ({
      ...m,
      state: m.state as TransactionState,
      transactions: Number(m.transactions),
      commission_minor: Number(m.commission_minor),
    })),
    rates: await currencyRates(db),
    currency,
    days: daysBetween(v.from, v.to),
    labels: await labelsOf(db, v.by, keys),
  });
  const unmatched = v.withUnmatched
    ? ((
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM commissions
           WHERE click_id IS NULL AND occurred_at >= ${UTC_DAY('$1')} AND occurred_at < ${UTC_DAY('$2', ' + 1')}`,
          [v.from, v.to],
        )
      )[0]?.n ?? 0)
    : 0;
  return { from: v.from, to: v.to, by: v.by, currency, ...figures, unmatched };
}
