import type { Queryable } from '../connect';
import type { SubscribeOutcome } from './newsletter';
import type { SubscriptionStatus } from './opt-ins';

// Store follows (issue 14): one row per tenant, store and email, with the newsletter's double opt-in.

/** The store when the tenant publishes it and it is neither archived nor paused. */
export async function followableStore(
  db: Queryable,
  domainId: string,
  storeId: string,
): Promise<{ id: string; name: string } | null> {
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT s.id, s.name FROM domain_stores ds JOIN stores s ON s.id = ds.store_id
     WHERE ds.domain_id = $1 AND s.id = $2 AND NOT s.is_archived AND NOT s.is_paused`,
    [domainId, storeId],
  );
  return rows[0] ?? null;
}

export async function followStore(
  db: Queryable,
  domainId: string,
  storeId: string,
  email: string,
): Promise<{ outcome: SubscribeOutcome; token: string }> {
  const rows = await db.query<{ token: string; previous: SubscriptionStatus | null }>(
    `WITH prev AS (SELECT status FROM store_follows WHERE domain_id = $1 AND store_id = $2 AND email = $3)
     INSERT INTO store_follows (domain_id, store_id, email) VALUES ($1, $2, $3)
     ON CONFLICT (domain_id, store_id, email) DO UPDATE SET
       status = CASE WHEN store_follows.status = 'unsubscribed' THEN 'pending' ELSE store_follows.status END,
       token = CASE WHEN store_follows.status = 'unsubscribed' THEN EXCLUDED.token ELSE store_follows.token END,
       alerts_from = CASE WHEN store_follows.status = 'unsubscribed' THEN now() ELSE store_follows.alerts_from END,
       unsubscribed_at = NULL
     RETURNING token, (SELECT status FROM prev) AS previous`,
    [domainId, storeId, email],
  );
  const row = rows[0];
  if (!row) throw new Error('followStore: no row returned');
  return {
    outcome: row.previous === null || row.previous === 'unsubscribed' ? 'created' : row.previous,
    token: row.token,
  };
}

export interface AlertLine {
  follow_id: number;
  domain_id: string;
  email: string;
  token: string;
  store_id: string;
  store_name: string;
  store_slug: string;
  coupon_id: string;
  coupon_name: string;
}

/** How far back a coupon shown and not yet mailed about is still news (a server stopped for days, then started). */
export const ALERT_HORIZON = '7 days';

/**
 * The (follow, coupon) pairs due at `now`: a confirmed follow of a store the tenant lists (neither archived nor
 * paused) and a coupon of that store shoppers can see (not paused, started, not expired) that was shown after the
 * follow began, within ALERT_HORIZON, and not mailed to this follow yet. `mailed_today`: the address has had its
 * store alert of the day (UTC) from this tenant.
 */
const DUE = `SELECT f.id::int AS follow_id, f.domain_id, f.email, f.token, s.id AS store_id, s.name AS store_name,
    s.slug AS store_slug, c.id AS coupon_id, c.name AS coupon_name, greatest(c.shown_at, c.created_at) AS shown,
    EXISTS (SELECT 1 FROM store_alert_days d WHERE d.domain_id = f.domain_id AND d.email = f.email
            AND d.day = ($1::timestamptz AT TIME ZONE 'UTC')::date) AS mailed_today
  FROM store_follows f
  JOIN domain_stores ds ON ds.domain_id = f.domain_id AND ds.store_id = f.store_id
  JOIN stores s ON s.id = f.store_id
  JOIN coupons c ON c.store_id = f.store_id
  WHERE f.status = 'confirmed' AND NOT s.is_archived AND NOT s.is_paused AND NOT c.is_paused
    AND greatest(c.shown_at, c.created_at) > greatest(f.alerts_from, $1::timestamptz - $2::interval)
    AND greatest(c.shown_at, c.created_at) <= $1::timestamptz
    AND (c.expiry_date IS NULL OR c.expiry_date > $1::timestamptz)
    AND NOT EXISTS (SELECT 1 FROM store_alerts_sent a WHERE a.follow_id = f.id AND a.coupon_id = c.id)`;

/**
 * The due pairs, by tenant and address. Without `all`, only addresses not mailed today (the schedule's daily batch);
 * with it, every address (npm run alerts -- --now, the console's button).
 */
export async function pendingAlerts(db: Queryable, now: Date, all: boolean): Promise<AlertLine[]> {
  return db.query<AlertLine>(
    `SELECT follow_id, domain_id, email, token, store_id, store_name, store_slug, coupon_id, coupon_name
     FROM (${DUE}) due WHERE $3 OR NOT mailed_today
     ORDER BY domain_id, email, store_name, store_id, shown DESC, coupon_id`,
    [now, ALERT_HORIZON, all],
  );
}

export interface PendingAlertCount {
  /** Coupons due, counted once per follow. */
  alerts: number;
  /** Addresses (per tenant) they would go to. */
  addresses: number;
  /** Of those, the ones that had today's alert: the schedule mails them tomorrow, "send now" at once. */
  mailedToday: number;
}

export async function countPendingAlerts(db: Queryable, now: Date): Promise<PendingAlertCount> {
  const rows = await db.query<PendingAlertCount>(
    `SELECT count(*)::int AS alerts, count(DISTINCT domain_id || ' ' || email)::int AS addresses,
       (count(DISTINCT domain_id || ' ' || email) FILTER (WHERE mailed_today))::int AS "mailedToday"
     FROM (${DUE}) due`,
    [now, ALERT_HORIZON],
  );
  return rows[0] ?? { alerts: 0, addresses: 0, mailedToday: 0 };
}

/** Claims today's alert of an address (UTC day of `now`); false when it already had one. */
export async function claimAlertDay(db: Queryable, domainId: string, email: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO store_alert_days (domain_id, email, day) VALUES ($1, $2, ($3::timestamptz AT TIME ZONE 'UTC')::date)
     ON CONFLICT DO NOTHING RETURNING day`,
    [domainId, email, now],
  );
  return rows.length > 0;
}

export interface AlertPair {
  follow_id: number;
  coupon_id: string;
}

/**
 * Records the pairs as mailed, in the transaction that writes the mail; returns the ones this call recorded. A pair
 * another run recorded first (or is recording: PostgreSQL waits for its transaction) is left out.
 */
export async function claimAlerts(db: Queryable, pairs: readonly AlertPair[]): Promise<AlertPair[]> {
  if (pairs.length === 0) return [];
  return db.query<AlertPair>(
    `INSERT INTO store_alerts_sent (follow_id, coupon_id)
     SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING RETURNING follow_id::int, coupon_id`,
    [pairs.map((p) => p.follow_id), pairs.map((p) => p.coupon_id)],
  );
}

/** The mail that carried the pairs. */
export async function setAlertMail(db: Queryable, pairs: readonly AlertPair[], outboxId: number): Promise<void> {
  await db.query(
    `UPDATE store_alerts_sent a SET outbox_id = $3
     FROM unnest($1::bigint[], $2::text[]) AS p (follow_id, coupon_id)
     WHERE a.follow_id = p.follow_id AND a.coupon_id = p.coupon_id`,
    [pairs.map((p) => p.follow_id), pairs.map((p) => p.coupon_id), outboxId],
  );
}
