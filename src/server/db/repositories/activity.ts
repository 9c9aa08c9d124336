import type { CouponEvent } from '../../../shared/contract/values';
import type { Db } from '../connect';

// Shoppers' activity: coupon visits/clicks (feeding stores.visit_count) and searches.
export async function recordCouponEvent(
  db: Db,
  domainId: string,
  couponId: string,
  kind: CouponEvent,
): Promise<{ store_id: string; visit_count: number } | null> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ store_id: string }>(
      `SELECT c.store_id FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id AND ds.domain_id = $1
       WHERE c.id = $2 AND NOT c.is_paused`,
      [domainId, couponId],
    );
    const storeId = found[0]?.store_id;
    if (!storeId) return null;
    await tx.query('INSERT INTO coupon_events (domain_id, coupon_id, store_id, kind) VALUES ($1, $2, $3, $4)', [
      domainId,
      couponId,
      storeId,
      kind,
    ]);
    const rows = await tx.query<{ visit_count: number }>(
      'UPDATE stores SET visit_count = visit_count + 1 WHERE id = $1 RETURNING visit_count',
      [storeId],
    );
    return { store_id: storeId, visit_count: rows[0]?.visit_count ?? 0 };
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
