import type { Queryable } from '../connect';
import { CONTROL_VARIANT } from '../../../shared/layout/experiment';
import { twoProportionTest } from '../../../shared/rules/two-proportion';
import type { ExperimentReport } from '../../../shared/contract/experiments';

// A/B layouts: who saw which variant, their reveals and click-outs, and the report over them.

export interface Exposure {
  experimentId: string;
  variant: string;
}

/** The shopper saw these variants (first sighting kept: assignment is sticky, so later ones agree). */
export async function recordExposures(
  db: Queryable,
  domainId: string,
  shopperId: string,
  exposures: readonly Exposure[],
): Promise<void> {
  for (const e of exposures) {
    await db.query(
      `INSERT INTO experiment_shoppers (experiment_id, shopper_id, variant, domain_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (experiment_id, shopper_id) DO NOTHING`,
      [e.experimentId, shopperId, e.variant, domainId],
    );
  }
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

interface TallyRow {
  experiment_id: string;
  variant: string;
  shoppers: number;
  revealers: number;
  reveals: number;
  clicks: number;
}

/** Per experiment and variant: shoppers, revealers, reveals and click-outs (events of shoppers shown that variant). */
export async function experimentTallies(db: Queryable): Promise<TallyRow[]> {
  return db.query<TallyRow>(
    `SELECT s.experiment_id, s.variant, count(*)::int AS shoppers,
       count(*) FILTER (WHERE coalesce(e.visits, 0) > 0)::int AS revealers,
       coalesce(sum(e.visits), 0)::int AS reveals, coalesce(sum(e.clicks), 0)::int AS clicks
     FROM experiment_shoppers s
     LEFT JOIN (
       SELECT experiment_id, shopper_id, variant,
         count(*) FILTER (WHERE kind = 'visit') AS visits, count(*) FILTER (WHERE kind = 'click') AS clicks
       FROM experiment_events GROUP BY experiment_id, shopper_id, variant
     ) e ON e.experiment_id = s.experiment_id AND e.shopper_id = s.shopper_id AND e.variant = s.variant
     GROUP BY s.experiment_id, s.variant
     ORDER BY s.experiment_id, s.variant`,
  );
}

/** The report: per experiment, each variant's rates and its p-value against the control ("control", else the first). */
export function experimentReport(rows: readonly TallyRow[]): ExperimentReport[] {
  const byId = new Map<string, TallyRow[]>();
  for (const r of rows) byId.set(r.experiment_id, [...(byId.get(r.experiment_id) ?? []), r]);
  return [...byId].map(([id, list]) => {
    const control = list.find((r) => r.variant === CONTROL_VARIANT) ?? list[0]!;
    return {
      id,
      control: control.variant,
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
  return experimentReport(await experimentTallies(db));
}
