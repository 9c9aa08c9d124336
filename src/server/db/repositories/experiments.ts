import type { Queryable } from '../connect';
import { CONTROL_VARIANT } from '../../../shared/layout/experiment';
import { twoProportionTest } from '../../../shared/rules/two-proportion';
import type { ExperimentReport } from '../../../shared/contract/experiments';
import { reportStanding, type ReportStanding } from '../../../shared/rules/signals';
import { revenueOutcome } from '../../../shared/rules/epc-test';
import { currencyDigits, rateBetween } from '../../../shared/revenue/money';
import type { CurrencyRate } from '../../../shared/contract/revenue';

// A/B layouts: who saw which variant, their reveals and click-outs, and the report over them. Every row comes from
// what the server itself served and answered (issue 24), keyed by sha256 of the shopper's signed id. Issue 31: and
// what each arm earned, from the click_outs rows naming it and the commissions matched to them.

export interface Exposure {
  experimentId: string;
  variant: string;
}

/**
 * The shopper (sha256 of their signed id) saw these variants: the first sighting is kept (assignment is sticky, so
 * later ones agree); `returned` (the browser sent the id back) marks them counted by the report from now on. Answers,
 * per exposure, how many ids from the same network first saw that arm in the last hour (this one included).
 */
export async function recordExposures(
  db: Queryable,
  domainId: string,
  shopperId: string,
  network: string,
  returned: boolean,
  exposures: readonly Exposure[],
): Promise<{ exposure: Exposure; networkLastHour: number }[]> {
  const out: { exposure: Exposure; networkLastHour: number }[] = [];
  for (const e of exposures) {
    const fresh = await db.query<{ n: number }>(
      `INSERT INTO experiment_shoppers (experiment_id, shopper_id, variant, domain_id, network, returned_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END)
       ON CONFLICT (experiment_id, shopper_id) DO UPDATE
         SET returned_at = coalesce(experiment_shoppers.returned_at, EXCLUDED.returned_at)
       RETURNING (xmax = 0)::int AS n`,
      [e.experimentId, shopperId, e.variant, domainId, network, returned],
    );
    if (fresh[0]?.n !== 1) continue;
    const seen = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM experiment_shoppers
       WHERE experiment_id = $1 AND variant = $2 AND network = $3 AND first_seen > now() - interval '1 hour'`,
      [e.experimentId, e.variant, network],
    );
    out.push({ exposure: e, networkLastHour: Number(seen[0]?.n ?? 0) });
  }
  return out;
}

/** The shopper's browser sent their id back: the report counts them in every experiment they were shown. */
export async function markReturned(db: Queryable, shopperId: string, experimentIds: readonly string[]): Promise<void> {
  if (experimentIds.length === 0) return;
  await db.query(
    `UPDATE experiment_shoppers SET returned_at = now()
     WHERE shopper_id = $1 AND experiment_id = ANY($2::text[]) AND returned_at IS NULL`,
    [shopperId, [...experimentIds]],
  );
}

/** A reveal (visit) or click-out (click), once per running experiment, with the shopper's variant. */
export async function recordExperimentEvents(
  db: Queryable,
  domainId: string,
  shopperId: string,
  couponId: string,
  kind: 'visit' | 'click',
  exposures: readonly Exposure[],
): Promise<void> {
  for (const e of exposures) {
    await db.query(
      `INSERT INTO experiment_events (experiment_id, variant, shopper_id, domain_id, coupon_id, kind)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [e.experimentId, e.variant, shopperId, domainId, couponId, kind],
    );
  }
}

/** One shopper of one experiment: what the report needs to count them or leave them out. */
export interface ShopperFacts {
  experiment_id: string;
  variant: string;
  returned: boolean;
  first_outcome_after_ms: number | null;
  network_before: number;
  visits: number;
  clicks: number;
}

/**
 * Every shopper of every experiment with their reveals and click-outs (recorded once per coupon and day by the
 * server's own answers) and the facts reportStanding reads. Earlier shoppers of an unknown network are never a burst.
 */
export async function experimentShopperFacts(db: Queryable): Promise<ShopperFacts[]> {
  return db.query<ShopperFacts>(
    `SELECT s.experiment_id, s.variant, s.returned_at IS NOT NULL AS returned,
       (extract(epoch FROM e.first_at - s.first_seen) * 1000)::float8 AS first_outcome_after_ms,
       CASE WHEN s.network = 'unknown' THEN 0 ELSE (
         SELECT count(*) FROM experiment_shoppers o
         WHERE o.experiment_id = s.experiment_id AND o.variant = s.variant AND o.network = s.network
           AND o.first_seen >= s.first_seen - interval '1 hour'
           AND (o.first_seen < s.first_seen OR (o.first_seen = s.first_seen AND o.shopper_id < s.shopper_id))
       ) END::int AS network_before,
       coalesce(e.visits, 0)::int AS visits, coalesce(e.clicks, 0)::int AS clicks
     FROM experiment_shoppers s
     LEFT JOIN (
       SELECT experiment_id, shopper_id, variant, min(created_at) AS first_at,
         count(*) FILTER (WHERE kind = 'visit') AS visits, count(*) FILTER (WHERE kind = 'click') AS clicks
       FROM experiment_events GROUP BY experiment_id, shopper_id, variant
     ) e ON e.experiment_id = s.experiment_id AND e.shopper_id = s.shopper_id AND e.variant = s.variant
     ORDER BY s.experiment_id, s.variant`,
  );
}

interface Arm {
  variant: string;
  shoppers: number;
  revealers: number;
  reveals: number;
  clicks: number;
}

type LeftOut = Record<Exclude<ReportStanding, 'kept'>, number>;
interface Tally {
  arms: Map<string, Arm>;
  leftOut: LeftOut;
}

/** One arm's counted click-outs and their money, summed in SQL in its experiment's report currency. */
export interface ArmMoneyRow {
  experiment_id: string;
  variant: string;
  clicks: number;
  /** Non-declined matched commissions. */
  transactions: number;
  /** Of those, the ones with no rate into the report currency (left out of the sums). */
  unconverted: number;
  sum_minor: number;
  sum_squares: number;
}

/** What the revenue half of the report reads: each experiment's currency and each arm's money. */
export interface ExperimentMoney {
  currencies: ReadonlyMap<string, string>;
  arms: readonly ArmMoneyRow[];
}

const NO_MONEY: ExperimentMoney = { currencies: new Map(), arms: [] };

function tally(byId: Map<string, Tally>, experimentId: string, variant: string): { exp: Tally; arm: Arm } {
  let exp = byId.get(experimentId);
  if (!exp) {
    exp = { arms: new Map(), leftOut: { never_returned: 0, machine_timing: 0, network_burst: 0 } };
    byId.set(experimentId, exp);
  }
  let arm = exp.arms.get(variant);
  if (!arm) {
    arm = { variant, shoppers: 0, revealers: 0, reveals: 0, clicks: 0 };
    exp.arms.set(variant, arm);
  }
  return { exp, arm };
}

/** Per experiment and variant, the shoppers reportStanding keeps and their reveals, and those it left out. */
function tallyShoppers(rows: readonly ShopperFacts[]): Map<string, Tally> {
  const byId = new Map<string, Tally>();
  for (const r of rows) {
    const { exp, arm } = tally(byId, r.experiment_id, r.variant);
    const standing = reportStanding({
      returned: r.returned,
      firstOutcomeAfterMs: r.first_outcome_after_ms === null ? null : Number(r.first_outcome_after_ms),
      networkNewIdsBefore: Number(r.network_before),
    });
    if (standing !== 'kept') {
      exp.leftOut[standing]++;
      continue;
    }
    arm.shoppers++;
    arm.reveals += Number(r.visits);
    arm.clicks += Number(r.clicks);
    if (Number(r.visits) > 0) arm.revealers++;
  }
  return byId;
}

/** Minor units per 100 clicks to the hundredth (monotone, so an interval still holds its estimate). */
const hundredths = (n: number) => Math.round(n * 100) / 100;
const hundredthsOrNull = (n: number | null) => (n === null ? null : hundredths(n));

/**
 * The report: per experiment, each variant's rates over the shoppers it keeps (reportStanding) and its p-value against
 * the control ("control", else the first), how many shoppers it left out and why; and each arm's counted clicks,
 * money and EPC with Welch's test against the control (revenueOutcome), in the experiment's currency.
 */
export function experimentReport(rows: readonly ShopperFacts[], money: ExperimentMoney = NO_MONEY): ExperimentReport[] {
  const byId = tallyShoppers(rows);
  const moneyOf = new Map<string, ArmMoneyRow>();
  for (const m of money.arms) {
    tally(byId, m.experiment_id, m.variant);
    moneyOf.set(`${m.experiment_id}\u0000${m.variant}`, m);
  }
  return [...byId].map(([id, { arms, leftOut }]) => {
    const list = [...arms.values()];
    const control = list.find((r) => r.variant === CONTROL_VARIANT) ?? list[0]!;
    const currency = money.currencies.get(id) ?? DEFAULT_CURRENCY;
    const paid = list.map(
      (r): ArmMoneyRow =>
        moneyOf.get(`${id}\u0000${r.variant}`) ?? {
          experiment_id: id,
          variant: r.variant,
          clicks: 0,
          transactions: 0,
          unconverted: 0,
          sum_minor: 0,
          sum_squares: 0,
        },
    );
    const outcome = revenueOutcome(
      paid.map((p) => ({
        variant: p.variant,
        clicks: p.clicks,
        transactions: p.transactions - p.unconverted,
        sumMinor: p.sum_minor,
        sumSquaresMinor: p.sum_squares,
      })),
      control.variant,
      currency,
    );
    return {
      id,
      control: control.variant,
      leftOut: { ...leftOut, total: leftOut.never_returned + leftOut.machine_timing + leftOut.network_burst },
      variants: list.map((r, i) => {
        const p = paid[i]!;
        const o = outcome.arms[i]!;
        return {
          variant: r.variant,
          shoppers: r.shoppers,
          reveals: r.reveals,
          revealers: r.revealers,
          revealsPer100: r.shoppers === 0 ? 0 : Math.round((r.reveals / r.shoppers) * 10_000) / 100,
          clickOuts: r.clicks,
          pValue:
            r === control
              ? null
              : twoProportionTest(r.revealers, r.shoppers, control.revealers, control.shoppers).pValue,
          clicks: p.clicks,
          transactions: p.transactions,
          unconverted: p.unconverted,
          commission_minor: p.sum_minor,
          epc_minor: hundredths(o.epc.epcMinor),
          epc_low_minor: hundredthsOrNull(o.epc.lowMinor),
          epc_high_minor: hundredthsOrNull(o.epc.highMinor),
          epc_p_value: o.pValue,
          epc_verdict: o.verdict,
        };
      }),
      currency,
      revenue_verdict: outcome.verdict,
      revenue_statement: outcome.statement,
    };
  });
}

/** The report's currency when the experiment's tenant is not one (it ran on several, or none is known). */
export const DEFAULT_CURRENCY = 'USD';

// The arms of each counted click-out: one row per (experiment, variant, click). A malformed arms value names none.
const ARM_CLICKS = `
  SELECT DISTINCT a->>'experiment' AS experiment_id, a->>'variant' AS variant, c.id
  FROM click_outs c
  CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c.arms) = 'array' THEN c.arms ELSE '[]' END) a
  WHERE NOT c.automated AND jsonb_typeof(a) = 'object' AND a->>'experiment' IS NOT NULL AND a->>'variant' IS NOT NULL`;

/**
 * Each experiment's report currency: its tenant's reporting_currency when every shopper and click-out of it was on one
 * tenant, else DEFAULT_CURRENCY.
 */
async function experimentCurrencies(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ experiment_id: string; currency: string }>(
    `SELECT x.experiment_id,
       CASE WHEN count(DISTINCT x.domain_id) = 1 THEN min(d.reporting_currency) ELSE $1 END AS currency
     FROM (
       SELECT experiment_id, domain_id FROM experiment_shoppers
       UNION
       SELECT k.experiment_id, c.domain_id FROM (${ARM_CLICKS}) k JOIN click_outs c ON c.id = k.id
     ) x JOIN domains d ON d.id = x.domain_id
     GROUP BY x.experiment_id`,
    [DEFAULT_CURRENCY],
  );
  return new Map(rows.map((r) => [r.experiment_id, r.currency]));
}

/**
 * The factor that turns minor units of `from` into minor units of `to`, as convertMinor scales them (rate, then the
 * currencies' digits); SQL multiplies each commission by it and rounds half away from zero, as convertMinor does.
 */
function conversionFactor(from: string, to: string, rates: readonly CurrencyRate[]): string | null {
  if (from === to) return '1';
  const rate = rateBetween(from, to, rates);
  return rate === null ? null : String((rate * 10 ** currencyDigits(to)) / 10 ** currencyDigits(from));
}

/**
 * Per experiment and arm: counted click-outs, their non-declined matched commissions, and Σ and Σ² of per-click
 * earnings (a click earns all its commissions, converted into the experiment's currency, or 0) — the three numbers
 * Welch's test needs, summed by the database. A commission in a currency with no rate is counted as unconverted.
 */
export async function experimentMoney(db: Queryable): Promise<ExperimentMoney> {
  const currencies = await experimentCurrencies(db);
  const rates = (
    await db.query<{ currency: string; to_currency: string; rate: string | number }>(
      'SELECT currency, to_currency, rate::text AS rate FROM currency_rates',
    )
  ).map((r) => ({ currency: r.currency, to_currency: r.to_currency, rate: Number(r.rate) }));
  const paidIn = await db.query<{ currency: string }>(
    "SELECT DISTINCT currency FROM commissions WHERE click_id IS NOT NULL AND state <> 'declined'",
  );
  const factors: { experiment: string; currency: string; factor: string }[] = [];
  for (const [experiment, to] of currencies)
    for (const { currency } of paidIn) {
      const factor = conversionFactor(currency, to, rates);
      if (factor !== null) factors.push({ experiment, currency, factor });
    }
  const rows = await db.query<Record<keyof ArmMoneyRow, string | number>>(
    `WITH k AS (${ARM_CLICKS}),
     f AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]::numeric[]) AS f(experiment_id, currency, factor)),
     per_click AS (
       SELECT k.experiment_id, k.variant, k.id, count(*) AS transactions,
         count(*) FILTER (WHERE f.factor IS NULL) AS unconverted,
         coalesce(sum(round(m.commission_minor * f.factor)), 0) AS minor
       FROM k JOIN commissions m ON m.click_id = k.id AND m.state <> 'declined'
       LEFT JOIN f ON f.experiment_id = k.experiment_id AND f.currency = m.currency
       GROUP BY k.experiment_id, k.variant, k.id
     )
     SELECT k.experiment_id, k.variant, count(*)::int AS clicks,
       coalesce(sum(p.transactions), 0)::int AS transactions, coalesce(sum(p.unconverted), 0)::int AS unconverted,
       coalesce(sum(p.minor), 0)::text AS sum_minor, coalesce(sum(p.minor * p.minor), 0)::float8 AS sum_squares
     FROM k LEFT JOIN per_click p ON p.experiment_id = k.experiment_id AND p.variant = k.variant AND p.id = k.id
     GROUP BY k.experiment_id, k.variant
     ORDER BY k.experiment_id, k.variant`,
    [factors.map((f) => f.experiment), factors.map((f) => f.currency), factors.map((f) => f.factor)],
  );
  return {
    currencies,
    arms: rows.map((r) => ({
      experiment_id: String(r.experiment_id),
      variant: String(r.variant),
      clicks: Number(r.clicks),
      transactions: Number(r.transactions),
      unconverted: Number(r.unconverted),
      sum_minor: Number(r.sum_minor),
      sum_squares: Number(r.sum_squares),
    })),
  };
}

export async function loadExperimentReport(db: Queryable): Promise<ExperimentReport[]> {
  return experimentReport(await experimentShopperFacts(db), await experimentMoney(db));
}
