import type { SignalAlert, SignalAlertKind } from '../../../shared/contract/signal-alerts';
import type { Queryable } from '../connect';
import { iso } from '../rows';

// Issue 24, "bursts are seen": the server reports a burst of forged-looking signals from one network; operators read
// them in the console's alert list. Recording is one upsert statement, so concurrent reports (several requests, several
// instances) merge into the one alert of the day instead of racing.

export type { SignalAlertKind };

export interface SignalAlertInput {
  kind: SignalAlertKind;
  /** The tenant the requests came to (null if not tenant-specific). */
  domainId: string | null;
  /** For vote_burst / outcome_burst. */
  couponId: string | null;
  /** For exposure_burst / outcome_burst. */
  experimentId: string | null;
  variant: string | null;
  /** e.g. '203.0.113.0/24' or '2001:db8:1:2::/64'. */
  network: string;
  /** How many requests from that network in the burst window (the new total, not a delta). */
  count: number;
}

/** Longer than any IPv6 /64 written out: a bound on what one report can add to the stored map. */
const MAX_NETWORK_LENGTH = 64;

/**
 * Records or merges an alert: one open alert per (kind, coupon, experiment, variant) per UTC day, whose per-network
 * counts are the max seen. The total moves by how much this network's count grew, computed from the row as locked by
 * ON CONFLICT, so two reports of the same network never add up twice.
 */
export async function recordSignalAlert(db: Queryable, a: SignalAlertInput): Promise<void> {
  if (!Number.isSafeInteger(a.count) || a.count < 0) throw new RangeError(`signal alert count ${a.count}`);
  if (a.network === '' || a.network.length > MAX_NETWORK_LENGTH)
    throw new RangeError(`signal alert network '${a.network.slice(0, MAX_NETWORK_LENGTH)}…'`);
  await db.query(
    `INSERT INTO signal_alerts AS a (kind, coupon_id, experiment_id, variant, day, domain_ids, networks, total)
     VALUES ($1, $2, $3, $4, (now() AT TIME ZONE 'UTC')::date,
       CASE WHEN $5::text IS NULL THEN '{}'::text[] ELSE ARRAY[$5::text] END, jsonb_build_object($6::text, $7::int),
       $7::int)
     ON CONFLICT (kind, coupon_id, experiment_id, variant, day) DO UPDATE SET
       networks = a.networks
         || jsonb_build_object($6::text, GREATEST(coalesce((a.networks ->> $6::text)::int, 0), $7::int)),
       total = a.total + GREATEST($7::int - coalesce((a.networks ->> $6::text)::int, 0), 0),
       domain_ids = CASE WHEN $5::text IS NULL OR $5::text = ANY (a.domain_ids) THEN a.domain_ids
         ELSE a.domain_ids || $5::text END,
       last_seen = GREATEST(a.last_seen, now())`,
    [a.kind, a.couponId, a.experimentId, a.variant, a.domainId, a.network, a.count],
  );
}

interface AlertRow {
  id: string | number;
  kind: SignalAlertKind;
  day: string;
  coupon_id: string | null;
  coupon_title: string | null;
  coupon_name: string | null;
  coupon_code: string | null;
  store_name: string | null;
  experiment_id: string | null;
  variant: string | null;
  tenants: SignalAlert['tenants'];
  networks: Record<string, number>;
  total: number;
  first_seen: Date | string;
  last_seen: Date | string;
}

/**
 * The alerts, most recently seen first, with what the console shows beside them: the coupon's title (its name when
 * untitled), code and store, and each tenant's name and first host. `domainIds` (an editor's tenants) keeps the alerts
 * whose requests came to one of them, and names only those tenants; null or absent: every alert (an admin).
 */
export async function listSignalAlerts(
  db: Queryable,
  opts: { limit: number; domainIds?: string[] | null },
): Promise<SignalAlert[]> {
  const rows = await db.query<AlertRow>(
    `SELECT a.id, a.kind, to_char(a.day, 'YYYY-MM-DD') AS day, a.coupon_id, nullif(c.title, '') AS coupon_title,
       c.name AS coupon_name, c.code AS coupon_code, s.name AS store_name, a.experiment_id, a.variant, a.networks,
       a.total, a.first_seen, a.last_seen,
       (SELECT coalesce(jsonb_agg(jsonb_build_object('_id', d.id, 'name', d.name, 'host',
            (SELECT h.host FROM domain_hosts h WHERE h.domain_id = d.id ORDER BY h.position, h.host LIMIT 1))
          ORDER BY d.name, d.id), '[]'::jsonb)
        FROM domains d WHERE d.id = ANY (a.domain_ids) AND ($2::text[] IS NULL OR d.id = ANY ($2::text[]))) AS tenants
     FROM signal_alerts a
     LEFT JOIN coupons c ON c.id = a.coupon_id
     LEFT JOIN stores s ON s.id = c.store_id
     WHERE $2::text[] IS NULL OR a.domain_ids && $2::text[]
     ORDER BY a.last_seen DESC, a.id DESC
     LIMIT $1`,
    [opts.limit, opts.domainIds ?? null],
  );
  return rows.map(toAlert);
}

function toAlert(r: AlertRow): SignalAlert {
  return {
    id: Number(r.id),
    kind: r.kind,
    day: r.day,
    coupon_id: r.coupon_id,
    coupon_title: r.coupon_title ?? r.coupon_name,
    coupon_code: r.coupon_code,
    store_name: r.store_name,
    experiment_id: r.experiment_id,
    variant: r.variant,
    tenants: r.tenants,
    // Largest first: the network that pushed hardest leads.
    networks: Object.entries(r.networks)
      .map(([network, count]) => ({ network, count: Number(count) }))
      .sort((x, y) => y.count - x.count || x.network.localeCompare(y.network)),
    total: Number(r.total),
    first_seen: iso(r.first_seen) ?? '',
    last_seen: iso(r.last_seen) ?? '',
  };
}
