import type { OverviewFigures, OverviewTenant, ReportedCoupon } from '../../../shared/contract/overview';
import { REPORTED_SHOWN } from '../../../shared/contract/overview';
import { dayWindows, type DayWindows } from '../../../shared/rules/day-window';
import type { Queryable } from '../connect';

// Issue 26, the console's first screen: per tenant, today and the last 7 days in the tenant's time zone
// (src/shared/rules/day-window.ts), counted from what the server itself recorded:
// - reveals and click-outs: shopper_events (a signed shopper's first reveal / click-out of a coupon on a UTC day;
//   requests without a valid signed id leave no row, so a script replaying calls adds nothing);
// - new subscribers: newsletter_subscriptions confirmed (double opt-in) in the window;
// - codes reported not working: coupon_votes saying "did not work" cast (or last changed) on this tenant in the window,
//   every stored one and those that count;
// - alerts: signal_alerts naming the tenant, last seen in the window.
// The windows are computed here per tenant and handed to one statement per table as arrays (unnest).

interface TenantRow {
  id: string;
  name: string;
  host: string | null;
  time_zone: string;
}

interface FigureRow {
  domain_id: string;
  reveals_today: number;
  reveals_week: number;
  clickouts_today: number;
  clickouts_week: number;
  subscribers_today: number;
  subscribers_week: number;
  codes_today: number;
  codes_week: number;
  no_today: number;
  no_week: number;
  no_counted_today: number;
  no_counted_week: number;
  alerts_today: number;
  alerts_week: number;
}

interface ReportedRow {
  domain_id: string;
  coupon_id: string;
  title: string;
  store_name: string;
  code: string | null;
  votes: number;
  is_paused: boolean;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/** The windows' bounds per tenant, as the statements take them: ids, today's start, the week's start, the end. */
type WindowParams = [string[], string[], string[], string[]];

/**
 * The overview of the given tenants (null: every tenant) at `now`, by tenant name. The windows: today is the tenant's
 * local date, the week today and the six days before it; both end at the start of tomorrow (local).
 */
export async function tenantOverview(
  db: Queryable,
  opts: { domainIds: readonly string[] | null; now: number },
): Promise<OverviewTenant[]> {
  const tenants = await tenantsOf(db, opts.domainIds);
  if (tenants.length === 0) return [];
  const windows = new Map<string, DayWindows>(tenants.map((t) => [t.id, dayWindows(opts.now, t.time_zone)]));
  const ids = tenants.map((t) => t.id);
  const dayFrom = tenants.map((t) => isoOf(windows.get(t.id)!.today.from));
  const weekFrom = tenants.map((t) => isoOf(windows.get(t.id)!.week.from));
  const until = tenants.map((t) => isoOf(windows.get(t.id)!.week.until));
  const params: WindowParams = [ids, dayFrom, weekFrom, until];

  const figures = await figureRows(db, params);
  const reported = await reportedRows(db, params);
  const byTenant = new Map(figures.map((f) => [f.domain_id, f]));
  return tenants.map((t) =>
    overviewOf(
      t,
      windows.get(t.id)!,
      byTenant.get(t.id),
      reported.filter((r) => r.domain_id === t.id),
    ),
  );
}

async function tenantsOf(db: Queryable, domainIds: readonly string[] | null): Promise<TenantRow[]> {
  return db.query<TenantRow>(
    `SELECT d.id, d.name, d.time_zone,
       (SELECT h.host FROM domain_hosts h WHERE h.domain_id = d.id ORDER BY h.position, h.host LIMIT 1) AS host
     FROM domains d WHERE $1::text[] IS NULL OR d.id = ANY ($1::text[])
     ORDER BY d.name, d.id`,
    [domainIds ?? null],
  );
}

/** Every tenant's counts, today's and the week's, one statement over the four tables. */
async function figureRows(db: Queryable, params: WindowParams): Promise<FigureRow[]> {
  return db.query<FigureRow>(
    `WITH w AS (
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
         AS w(domain_id, day_from, week_from, until)
     )
     SELECT w.domain_id, e.*, s.*, v.*, a.*
     FROM w
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE kind = 'visit' AND created_at >= w.day_from)::int AS reveals_today,
         count(*) FILTER (WHERE kind = 'visit')::int AS reveals_week,
         count(*) FILTER (WHERE kind = 'clickout' AND created_at >= w.day_from)::int AS clickouts_today,
         count(*) FILTER (WHERE kind = 'clickout')::int AS clickouts_week
       FROM shopper_events
       WHERE domain_id = w.domain_id AND kind IN ('visit', 'clickout')
         AND created_at >= w.week_from AND created_at < w.until
     ) e
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE confirmed_at >= w.day_from)::int AS subscribers_today,
         count(*)::int AS subscribers_week
       FROM newsletter_subscriptions
       WHERE domain_id = w.domain_id AND confirmed_at >= w.week_from AND confirmed_at < w.until
     ) s
     CROSS JOIN LATERAL (
       SELECT count(DISTINCT coupon_id) FILTER (WHERE updated_at >= w.day_from)::int AS codes_today,
         count(DISTINCT coupon_id)::int AS codes_week,
         count(*) FILTER (WHERE updated_at >= w.day_from)::int AS no_today,
         count(*)::int AS no_week,
         count(*) FILTER (WHERE counted AND updated_at >= w.day_from)::int AS no_counted_today,
         count(*) FILTER (WHERE counted)::int AS no_counted_week
       FROM coupon_votes
       WHERE domain_id = w.domain_id AND NOT worked AND updated_at >= w.week_from AND updated_at < w.until
     ) v
     CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE last_seen >= w.day_from)::int AS alerts_today, count(*)::int AS alerts_week
       FROM signal_alerts
       WHERE w.domain_id = ANY (domain_ids) AND last_seen >= w.week_from AND last_seen < w.until
     ) a`,
    params,
  );
}

/** Per tenant, the coupons most reported not working in the week (up to REPORTED_SHOWN each). */
async function reportedRows(db: Queryable, params: WindowParams): Promise<ReportedRow[]> {
  return db.query<ReportedRow>(
    `WITH w AS (
       SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
         AS w(domain_id, day_from, week_from, until)
     ), ranked AS (
       SELECT v.domain_id, v.coupon_id, count(*)::int AS votes,
         row_number() OVER (PARTITION BY v.domain_id ORDER BY count(*) DESC, v.coupon_id) AS rank
       FROM coupon_votes v JOIN w ON w.domain_id = v.domain_id
       WHERE NOT v.worked AND v.updated_at >= w.week_from AND v.updated_at < w.until
       GROUP BY v.domain_id, v.coupon_id
     )
     SELECT r.domain_id, r.coupon_id, coalesce(nullif(c.title, ''), c.name) AS title, s.name AS store_name,
       nullif(c.code, '') AS code, r.votes, c.is_paused
     FROM ranked r JOIN coupons c ON c.id = r.coupon_id JOIN stores s ON s.id = c.store_id
     WHERE r.rank <= $5
     ORDER BY r.domain_id, r.rank`,
    [...params, REPORTED_SHOWN],
  );
}

function overviewOf(t: TenantRow, w: DayWindows, f: FigureRow | undefined, reported: ReportedRow[]): OverviewTenant {
  const n = (k: keyof Omit<FigureRow, 'domain_id'>) => Number(f?.[k] ?? 0);
  const figuresOf = (span: 'today' | 'week'): OverviewFigures => ({
    from: isoOf(w[span].from),
    until: isoOf(w[span].until),
    reveals: n(`reveals_${span}`),
    click_outs: n(`clickouts_${span}`),
    new_subscribers: n(`subscribers_${span}`),
    reported_codes: n(`codes_${span}`),
    not_working_votes: n(`no_${span}`),
    not_working_counted: n(`no_counted_${span}`),
    alerts: n(`alerts_${span}`),
  });
  return {
    _id: t.id,
    name: t.name,
    host: t.host,
    time_zone: w.timeZone,
    date: w.date,
    today: figuresOf('today'),
    last_7_days: figuresOf('week'),
    reported: reported.map((r): ReportedCoupon => ({
      coupon_id: r.coupon_id,
      title: r.title,
      store_name: r.store_name,
      code: r.code,
      not_working_votes: Number(r.votes),
      is_paused: r.is_paused,
    })),
  };
}
