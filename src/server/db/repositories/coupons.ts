import type { Queryable } from '../connect';
import { COUPON_COLUMNS, offsetOf, toCoupon, type Coupon, type CouponRow, type Paging } from '../rows';

// Coupons a tenant shows: those of the stores it publishes (archived/paused stores hidden from lists).
export interface CouponFilter {
  category?: string | undefined;
  storeId?: string | undefined;
  /** Case-insensitive substring of the coupon name (trigram index). */
  search?: string | undefined;
  recommendedOnly?: boolean | undefined;
  /** The store page lists a paused/archived store's coupons too. */
  includeInactiveStores?: boolean | undefined;
}

export type CouponOrder = 'newest' | 'active-first' | 'recommended';

const ORDERS: Record<CouponOrder, string> = {
  newest: 'c.created_at DESC, c.id',
  'active-first': '(c.expiry_date IS NOT NULL AND c.expiry_date < now()), c.created_at DESC, c.id',
  recommended: 'c.is_recommended DESC, (c.expiry_date IS NOT NULL AND c.expiry_date < now()), c.created_at DESC, c.id',
};

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

function where(domainId: string, f: CouponFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [domainId];
  const parts = ['ds.domain_id = $1'];
  if (!f.includeInactiveStores) parts.push('NOT s.is_archived AND NOT s.is_paused');
  if (f.category !== undefined) {
    params.push(f.category);
    parts.push(`lower(c.category) = lower($${params.length})`);
  }
  if (f.storeId !== undefined) {
    params.push(f.storeId);
    parts.push(`c.store_id = $${params.length}`);
  }
  if (f.search !== undefined && f.search !== '') {
    params.push(`%${escapeLike(f.search.toLowerCase())}%`);
    parts.push(`lower(c.name) LIKE $${params.length}`);
  }
  if (f.recommendedOnly) parts.push('c.is_recommended');
  return { sql: parts.join(' AND '), params };
}

const FROM = 'FROM coupons c JOIN stores s ON s.id = c.store_id JOIN domain_stores ds ON ds.store_id = c.store_id';

export async function listCoupons(
  db: Queryable, domainId: string, filter: CouponFilter, order: CouponOrder, paging: Paging,
): Promise<{ coupons: Coupon[]; total: number }> {
  const w = where(domainId, filter);
  const n = w.params.length;
  const rows = await db.query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} ${FROM} WHERE ${w.sql} ORDER BY ${ORDERS[order]} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, paging.per_page, offsetOf(paging)],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${w.sql}`, w.params);
  return { coupons: rows.map(toCoupon), total: count[0]?.n ?? 0 };
}

export async function findCoupon(db: Queryable, domainId: string, couponId: string): Promise<Coupon | null> {
  const rows = await db.query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} ${FROM} WHERE ds.domain_id = $1 AND c.id = $2`,
    [domainId, couponId],
  );
  return rows[0] ? toCoupon(rows[0]) : null;
}

export interface CategoryCount {
  category: string;
  count: number;
}

/** Categories with the number of the tenant's listed coupons in each, in the catalogue's category order. */
export async function categoryCounts(db: Queryable, domainId: string): Promise<CategoryCount[]> {
  return db.query<CategoryCount>(
    `SELECT c.category, count(*)::int AS count ${FROM}
     LEFT JOIN categories cat ON cat.name = c.category
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused
     GROUP BY c.category, cat.position ORDER BY cat.position NULLS LAST, c.category`,
    [domainId],
  );
}

/** Coupons of one published store that have not expired (the store page's meta description names this count). */
export async function countActiveCoupons(db: Queryable, domainId: string, storeId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id
     WHERE ds.domain_id = $1 AND c.store_id = $2 AND (c.expiry_date IS NULL OR c.expiry_date >= now())`,
    [domainId, storeId],
  );
  return rows[0]?.n ?? 0;
}
