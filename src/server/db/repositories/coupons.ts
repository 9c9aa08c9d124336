import type { Queryable } from '../connect';
import type { CategoryCount, Coupon } from '../../../shared/contract/entities';
import { COUPON_COLUMNS, VERIFICATION_JOIN, offsetOf, toCoupon, type CouponRow, type Paging } from '../rows';

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

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

// Expired once the expiry instant is reached, as src/shared/rules/expiry.ts says (SQL cannot call it).
const ACTIVE = '(c.expiry_date IS NULL OR c.expiry_date > now())';
const EXPIRED = 'c.expiry_date <= now()';

/**
 * An order is a sequence of segments (recommended before the rest, active before expired), each newest first.
 * Every segment is its own LIMITed walk down a (…, created_at DESC, id) index, so a page reads a few dozen rows
 * instead of sorting all of a tenant's coupons (expiry depends on now(): no index can hold the whole order).
 */
function segments(order: CouponOrder, f: CouponFilter): string[] {
  const rec = f.recommendedOnly ? ['c.is_recommended'] : ['c.is_recommended', 'NOT c.is_recommended'];
  if (order === 'newest') return ['TRUE'];
  if (order === 'active-first') return [ACTIVE, EXPIRED];
  return rec.flatMap((r) => [`${r} AND ${ACTIVE}`, `${r} AND ${EXPIRED}`]);
}

function where(domainId: string, f: CouponFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [domainId];
  const active = f.includeInactiveStores ? '' : ' AND NOT s.is_archived AND NOT s.is_paused';
  const parts = [
    `EXISTS (SELECT 1 FROM domain_stores ds JOIN stores s ON s.id = ds.store_id
    WHERE ds.domain_id = $1 AND ds.store_id = c.store_id${active})`,
  ];
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
  db: Queryable,
  domainId: string,
  filter: CouponFilter,
  order: CouponOrder,
  paging: Paging,
): Promise<{ coupons: Coupon[]; total: number }> {
  const w = where(domainId, filter);
  const n = w.params.length;
  // A search of 3+ letters goes through the trigram index: its matches are read once, for the page and the total
  // (a walk in date order would read the whole index for a rare word). Shorter terms match many rows: walk.
  if (filter.search !== undefined && filter.search.length >= 3) return searchCoupons(db, w, order, paging);
  const walks = segments(order, filter).map(
    (seg, i) =>
      `(SELECT c.id, ${i} AS seg, c.created_at FROM coupons c WHERE ${w.sql} AND ${seg}
      ORDER BY c.created_at DESC, c.id LIMIT $${n + 1}::int + $${n + 2}::int)`,
  );
  const rows = await db.query<CouponRow>(
    `WITH page AS (
       SELECT id, seg, created_at FROM (${walks.join(' UNION ALL ')}) u
       ORDER BY seg, created_at DESC, id LIMIT $${n + 1} OFFSET $${n + 2}
     )
     SELECT ${COUPON_COLUMNS} FROM page p JOIN coupons c ON c.id = p.id JOIN stores s ON s.id = c.store_id ${VERIFICATION_JOIN}
     ORDER BY p.seg, p.created_at DESC, p.id`,
    [...w.params, paging.per_page, offsetOf(paging)],
  );
  return { coupons: rows.map(toCoupon), total: await countCoupons(db, domainId, filter, w) };
}

const SEARCH_ORDERS: Record<CouponOrder, string> = {
  newest: 'created_at DESC, id',
  'active-first': '(expiry_date IS NOT NULL AND expiry_date <= now()), created_at DESC, id',
  recommended: 'is_recommended DESC, (expiry_date IS NOT NULL AND expiry_date <= now()), created_at DESC, id',
};

async function searchCoupons(
  db: Queryable,
  w: { sql: string; params: unknown[] },
  order: CouponOrder,
  paging: Paging,
): Promise<{ coupons: Coupon[]; total: number }> {
  const n = w.params.length;
  const rows = await db.query<CouponRow & { total: number }>(
    `WITH m AS MATERIALIZED (
       SELECT c.id, c.created_at, c.expiry_date, c.is_recommended FROM coupons c WHERE ${w.sql}
     ), page AS (
       SELECT id, row_number() OVER (ORDER BY ${SEARCH_ORDERS[order]}) AS rn FROM m
       ORDER BY ${SEARCH_ORDERS[order]} LIMIT $${n + 1} OFFSET $${n + 2}
     )
     SELECT ${COUPON_COLUMNS}, (SELECT count(*) FROM m)::int AS total
     FROM (SELECT 1) one LEFT JOIN (page p JOIN coupons c ON c.id = p.id JOIN stores s ON s.id = c.store_id ${VERIFICATION_JOIN}) ON true
     ORDER BY p.rn`,
    [...w.params, paging.per_page, offsetOf(paging)],
  );
  const total = rows[0]?.total ?? 0;
  return { coupons: rows.filter((r) => r.id !== null).map(toCoupon), total };
}

/** Totals from store_category_counts when the filter allows (tenant, category, recommended), else counted. */
async function countCoupons(
  db: Queryable,
  domainId: string,
  f: CouponFilter,
  w: { sql: string; params: unknown[] },
): Promise<number> {
  if ((f.search === undefined || f.search === '') && f.storeId === undefined) {
    const params: unknown[] = [domainId];
    const parts = ['ds.domain_id = $1'];
    if (!f.includeInactiveStores) parts.push('NOT s.is_archived AND NOT s.is_paused');
    if (f.category !== undefined) {
      params.push(f.category);
      parts.push(`lower(x.category) = lower($${params.length})`);
    }
    const rows = await db.query<{ n: number }>(
      `SELECT COALESCE(sum(${f.recommendedOnly ? 'x.n_recommended' : 'x.n'}), 0)::int AS n FROM store_category_counts x
       JOIN domain_stores ds ON ds.store_id = x.store_id JOIN stores s ON s.id = x.store_id WHERE ${parts.join(' AND ')}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupons c WHERE ${w.sql}`, w.params);
  return rows[0]?.n ?? 0;
}

export async function findCoupon(db: Queryable, domainId: string, couponId: string): Promise<Coupon | null> {
  const rows = await db.query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} ${FROM} ${VERIFICATION_JOIN} WHERE ds.domain_id = $1 AND c.id = $2`,
    [domainId, couponId],
  );
  return rows[0] ? toCoupon(rows[0]) : null;
}

/** Categories with the number of the tenant's listed coupons in each, in the catalogue's category order. */
export async function categoryCounts(db: Queryable, domainId: string): Promise<CategoryCount[]> {
  return db.query<CategoryCount>(
    `SELECT x.category, sum(x.n)::int AS count FROM store_category_counts x
     JOIN domain_stores ds ON ds.store_id = x.store_id JOIN stores s ON s.id = x.store_id
     LEFT JOIN categories cat ON cat.name = x.category
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused AND x.n > 0
     GROUP BY x.category, cat.position ORDER BY cat.position NULLS LAST, x.category`,
    [domainId],
  );
}

/** Coupons of one published store that have not expired (the store page's meta description names this count). */
export async function countActiveCoupons(db: Queryable, domainId: string, storeId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id
     WHERE ds.domain_id = $1 AND c.store_id = $2 AND (c.expiry_date IS NULL OR c.expiry_date > now())`,
    [domainId, storeId],
  );
  return rows[0]?.n ?? 0;
}
