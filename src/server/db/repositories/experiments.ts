import type { Queryable } from '../connect';
import { CONTROL_VARIANT } from '../../../shared/layout/experiment';
import { twoProportionTest } from '../../../shared/rules/two-proportion';
import type { ExperimentReport } from '../../../shared/contract/experiments';
import { reportStanding, type ReportStanding } from '../../../shared/rules/signals';

// A/B layouts: who saw which variant, their reveals and click-outs, and the report over them. Every row comes from
// what the server itself served and answered (issue 24), keyed by sha256 of the shopper's signed id.

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

/**
 * The report: per experiment, each variant's rates over the shoppers it keeps (reportStanding) and its p-value against
 * the control ("control", else the first), and how many shoppers it left out and why.
 */
export function experimentReport(rows: readonly ShopperFacts[]): ExperimentReport[] {
  const byId = new Map<string, { arms: Map<string, Arm>; leftOut: Record<Exclude<ReportStanding, 'kept'>, number> }>();
  for (const r of rows) {
    let exp = byId.get(r.experiment_id);
    if (!exp) {
      exp = { arms: new Map(), leftOut: { never_returned: 0, machine_timing: 0, network_burst: 0 } };
      byId.set(r.experiment_id, exp);
    }
    let arm = exp.arms.get(r.variant);
    if (!arm) {
      arm = { variant: r.variant, shoppers: 0, revealers: 0, reveals: 0, clicks: 0 };
      exp.arms.set(r.variant, arm);
    }
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
  return [...byId].map(([id, { arms, leftOut }]) => {
    const list = [...arms.values()];
    const control = list.find((r) => r.variant === CONTROL_VARIANT) ?? list[0]!;
    return {
      id,
      control: control.variant,
      leftOut: { ...leftOut, total: leftOut.never_returned + leftOut.machine_timing + leftOut.network_burst },
      variants: list.map((r) => ({
        variant: r.variant,
        shoppers: r.shoppers,
        reveals: r.reveals,
        revealers: r.revealers,
        revealsPer100: r.shoppers === 0 ? 0 : Math.round((r.reveals / r.shoppers) * 10_000) / 100,
        clickOuts: r.clicks,
        pValue:
          r === control ? null : twoProportionTest(r.revealers, r.shoppers, control.revealers, control.shoppers).pValue,
      })),
    };
  });
}

export async function loadExperimentReport(db: Queryable): Promise<ExperimentReport[]> {
  return experimentReport(await experimentShopperFacts(db));
}
