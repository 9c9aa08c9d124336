import { visitCounts } from '../../../shared/rules/signals';
import type { Db } from '../connect';

// Shoppers' activity: coupon visits/clicks (feeding stores.visit_count) and searches.
/** What the server answered: a reveal (visit), record-visit's click, or a click-out (leaving for the merchant). */
export type SignalKind = 'visit' | 'click' | 'clickout';

export interface SignalInput {
  domainId: string;
  couponId: string;
  kind: SignalKind;
  /** sha256 of the request's signed id; null without one (nothing counts, the answer carries a new id). */
  shopper: string | null;
  /** The client's network (src/shared/rules/network.ts). */
  network: string;
}

export interface SignalOutcome {
  store_id: string;
  visit_count: number;
  /** It added to the store's visit count (src/shared/rules/signals.ts visitCounts). */
  counted: boolean;
  /** The shopper's first such signal on this coupon today: what experiment outcomes count. */
  firstToday: boolean;
}

/**
 * Records a shopper's reveal or click-out of a coupon the tenant lists, once per signed id, coupon, kind and UTC day
 * (shopper_events); reveals and record-visit clicks add to the store's visit_count within the network's daily cap.
 * Null when the tenant does not list the coupon. The network's lock makes its cap hold under concurrent requests.
 */
export async function recordCouponSignal(db: Db, s: SignalInput): Promise<SignalOutcome | null> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ store_id: string; visit_count: number }>(
      `SELECT c.store_id, st.visit_count FROM coupons c
       JOIN domain_stores ds ON ds.store_id = c.store_id AND ds.domain_id = $1
       JOIN stores st ON st.id = c.store_id
       WHERE c.id = $2 AND NOT c.is_paused`,
      [s.domainId, s.couponId],
    );
    const row = found[0];
    if (!row) return null;
    const unchanged = { store_id: row.store_id, visit_count: Number(row.visit_count), counted: false };
    if (s.shopper === null) return { ...unchanged, firstToday: false };
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `signal\n${s.couponId}\n${s.kind}\n${s.network}`,
    ]);
    const inserted = await tx.query<{ n: number }>(
      `INSERT INTO shopper_events (shopper, coupon_id, kind, day, domain_id, network)
       VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC')::date, $4, $5)
       ON CONFLICT DO NOTHING RETURNING 1 AS n`,
      [s.shopper, s.couponId, s.kind, s.domainId, s.network],
    );
    const firstToday = inserted.length > 0;
    if (!firstToday || s.kind === 'clickout') return { ...unchanged, firstToday };
    const today = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shopper_events
       WHERE coupon_id = $1 AND kind = $2 AND day = (now() AT TIME ZONE 'UTC')::date AND network = $3 AND counted`,
      [s.couponId, s.kind, s.network],
    );
    if (!visitCounts({ hasId: true, firstToday, networkCountedToday: Number(today[0]?.n ?? 0) }))
      return { ...unchanged, firstToday };
    await tx.query(
      `UPDATE shopper_events SET counted = true
       WHERE shopper = $1 AND coupon_id = $2 AND kind = $3 AND day = (now() AT TIME ZONE 'UTC')::date`,
      [s.shopper, s.couponId, s.kind],
    );
    await tx.query('INSERT INTO coupon_events (domain_id, coupon_id, store_id, kind) VALUES ($1, $2, $3, $4)', [
      s.domainId,
      s.couponId,
      row.store_id,
      s.kind,
    ]);
    const rows = await tx.query<{ visit_count: number }>(
      'UPDATE stores SET visit_count = visit_count + 1 WHERE id = $1 RETURNING visit_count',
      [row.store_id],
    );
    return { store_id: row.store_id, visit_count: Number(rows[0]?.visit_count ?? 0), counted: true, firstToday };
  });
}

export async function countCouponEvents(db: Db, domainId: string, couponId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM coupon_events WHERE domain_id = $1 AND coupon_id = $2',
    [domainId, couponId],
  );
  return rows[0]?.n ?? 0;
}

export async function recordSearch(db: Db, domainId: string, term: string): Promise<void> {
  await db.query('INSERT INTO searches (domain_id, term) VALUES ($1, $2)', [domainId, term]);
}

export async function countSearches(db: Db, domainId: string, term: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM searches WHERE domain_id = $1 AND term = $2',
    [domainId, term],
  );
  return rows[0]?.n ?? 0;
}
