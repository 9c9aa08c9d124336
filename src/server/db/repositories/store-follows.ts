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
       alerted_until = CASE WHEN store_follows.status = 'unsubscribed' THEN now() ELSE store_follows.alerted_until END,
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

/**
 * Live coupons added since each confirmed follow was last mailed about, for addresses not mailed today (UTC day of
 * `now`), grouped by address: the day's batch.
 */
export async function pendingAlerts(db: Queryable, now: Date): Promise<AlertLine[]> {
  return db.query<AlertLine>(
    `SELECT f.id::int AS follow_id, f.domain_id, f.email, f.token, s.id AS store_id, s.name AS store_name,
       s.slug AS store_slug, c.id AS coupon_id, c.name AS coupon_name
     FROM store_follows f
     JOIN domain_stores ds ON ds.domain_id = f.domain_id AND ds.store_id = f.store_id
     JOIN stores s ON s.id = f.store_id
     JOIN coupons c ON c.store_id = f.store_id
     WHERE f.status = 'confirmed' AND NOT s.is_archived AND NOT s.is_paused
       AND NOT c.is_paused
       AND c.created_at > f.alerted_until AND c.created_at <= $1 AND (c.expiry_date IS NULL OR c.expiry_date > $1)
       AND NOT EXISTS (SELECT 1 FROM store_alert_days d
                       WHERE d.domain_id = f.domain_id AND d.email = f.email AND d.day = ($1::timestamptz AT TIME ZONE 'UTC')::date)
     ORDER BY f.domain_id, f.email, s.name, c.created_at DESC, c.id`,
    [now],
  );
}

/** Claims today's one alert for an address; false when another run already sent it. */
export async function claimAlertDay(db: Queryable, domainId: string, email: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO store_alert_days (domain_id, email, day) VALUES ($1, $2, ($3::timestamptz AT TIME ZONE 'UTC')::date)
     ON CONFLICT DO NOTHING RETURNING day`,
    [domainId, email, now],
  );
  return rows.length > 0;
}

/** Moves each follow past the newest coupon the mail was about (not to "now": a coupon added meanwhile is next). */
export async function markAlerted(
  db: Queryable,
  followIds: readonly number[],
  couponIds: readonly string[],
): Promise<void> {
  await db.query(
    `UPDATE store_follows f SET alerted_until = greatest(f.alerted_until,
       (SELECT max(c.created_at) FROM coupons c WHERE c.id = ANY($2::text[]) AND c.store_id = f.store_id))
     WHERE f.id = ANY($1::bigint[])`,
    [followIds, couponIds],
  );
}
