import type { Queryable } from '../connect';
import type { CategoryCount, Coupon, OfferCounts } from '../../../shared/contract/entities';
import type { OfferType } from '../../../shared/contract/values';
import { COUPON_COLUMNS, VERIFICATION_JOIN, offsetOf, toCoupon, type CouponRow, type Paging } from '../rows';

// Coupons a tenant shows: those of the stores it publishes (archived/paused stores hidden from lists), never a paused
// coupon (issue 15: the console pauses one; the counts in store_category_counts leave it out too, migration 041).
export interface CouponFilter {
  category?: string | undefined;
  storeId?: string | undefined;
  /** Case-insensitive substring of the coupon name (trigram index). */
  search?: string | undefined;
  recommendedOnly?: boolean | undefined;
  /** The store page lists a paused/archived store's coupons too. */
  includeInactiveStores?: boolean | undefined;
  /** Issue 13's filters: one offer type; only codes shoppers verified. */
  type?: OfferType | null | undefined;
  verifiedOnly?: boolean | undefined;
}

/**
 * The orders of the API's lists. With `sink`, codes reported not working (src/shared/rules/verification.ts) sink below
 * the working ones: every order the SPEC does not fix sinks them; a shopper's explicit sort (newest, ending soon) does
 * not — the mark on the card still says it.
 */
export type CouponOrder = 'newest' | 'active-first' | 'recommended' | 'ending-soon';
export interface OrderOptions {
  sink: boolean;
  /**
   * How the list's tab counts are had: `count` asks the database; a caller may keep its answer, which depends on the
   * tenant and `countFilter` alone (the filter without its type), not on the page or the order.
   */
  counts?: (count: () => Promise<OfferCounts>, countFilter: CouponFilter) => Promise<OfferCounts>;
}

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

// Expired once the expiry instant is reached, as src/shared/rules/expiry.ts says (SQL cannot call it).
const ACTIVE = '(c.expiry_date IS NULL OR c.expiry_date > now())';
const EXPIRED = 'c.expiry_date <= now()';
const SUNK = 'EXISTS (SELECT 1 FROM coupon_verification v WHERE v.coupon_id = c.id AND v.reported_not_working)';
const VERIFIED = 'EXISTS (SELECT 1 FROM coupon_verification v WHERE v.coupon_id = c.id AND v.verified)';
const TYPE_SQL: Record<OfferType, string> = {
  code: 'c.has_code',
  deal: 'NOT c.has_code',
  free_shipping: 'c.free_shipping',
};

/** A part of an order: its rows (`where`), walked in `orderBy`; `key` ranks them the same way, ascending. */
interface Segment {
  where: string;
  orderBy: string;
  key: string;
}
const NEWEST = { orderBy: 'c.created_at DESC, c.id', key: '-extract(epoch FROM c.created_at)' };
const newest = (where: string): Segment => ({ where, ...NEWEST });

/**
 * An order is a sequence of segments (recommended before the rest, active before expired), each newest first.
 * Every segment is its own LIMITed walk down an index, so a page reads a few dozen rows instead of sorting all of a
 * tenant's coupons (expiry depends on now(): no index can hold the whole order).
 */
function segments(order: CouponOrder, f: CouponFilter, { sink }: OrderOptions): Segment[] {
  const active = sink ? [`${ACTIVE} AND NOT ${SUNK}`, `${ACTIVE} AND ${SUNK}`] : [ACTIVE];
  if (order === 'newest') return sink ? [newest(`NOT ${SUNK}`), newest(SUNK)] : [newest('TRUE')];
  if (order === 'active-first') return [...active, EXPIRED].map(newest);
  if (order === 'ending-soon')
    return [
      { where: `c.expiry_date > now()`, orderBy: 'c.expiry_date, c.id', key: 'extract(epoch FROM c.expiry_date)' },
      newest('c.expiry_date IS NULL'),
      { where: EXPIRED, orderBy: 'c.expiry_date DESC, c.id', key: '-extract(epoch FROM c.expiry_date)' },
    ];
  const rec = f.recommendedOnly ? ['c.is_recommended'] : ['c.is_recommended', 'NOT c.is_recommended'];
  return rec.flatMap((r) => [...active, EXPIRED].map((a) => newest(`${r} AND ${a}`)));
}

interface Where {
  sql: string;
  params: unknown[];
}

/** The filter without its type: the tabs count every type of the same list. */
function where(domainId: string, f: CouponFilter): Where {
  const params: unknown[] = [domainId];
  const active = f.includeInactiveStores ? '' : ' AND NOT s.is_archived AND NOT s.is_paused';
  const parts = [
    'NOT c.is_paused',
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
  if (f.verifiedOnly) parts.push(VERIFIED);
  return { sql: parts.join(' AND '), params };
}

const withType = (w: Where, type: OfferType | null | undefined): Where =>
  type ? { sql: `${w.sql} AND ${TYPE_SQL[type]}`, params: w.params } : w;

const FROM = 'FROM coupons c JOIN stores s ON s.id = c.store_id JOIN domain_stores ds ON ds.store_id = c.store_id';

export async function listCoupons(
  db: Queryable,
  domainId: string,
  filter: CouponFilter,
  order: CouponOrder,
  paging: Paging,
  options: OrderOptions = { sink: true },
): Promise<{ coupons: Coupon[]; total: number; counts: OfferCounts }> {
  const base = where(domainId, filter);
  const w = withType(base, filter.type);
  const n = w.params.length;
  const parts = segments(order, filter, options);
  // A search of 3+ letters goes through the trigram index: its matches are read once, for the page and the total
  // (a walk in date order would read the whole index for a rare word). Shorter terms match many rows: walk.
  if (filter.search !== undefined && filter.search.length >= 3)
    return searchCoupons(db, base, filter.type, parts, paging);
  const walks = parts.map(
    (seg, i) =>
      `(SELECT c.id, ${i} AS seg, ${seg.key} AS k FROM coupons c WHERE ${w.sql} AND ${seg.where}
      ORDER BY ${seg.orderBy} LIMIT $${n + 1}::int + $${n + 2}::int)`,
  );
  const rows = await db.query<CouponRow>(
    `WITH page AS (
       SELECT id, seg, k FROM (${walks.join(' UNION ALL ')}) u
       ORDER BY seg, k, id LIMIT $${n + 1} OFFSET $${n + 2}
     )
     SELECT ${COUPON_COLUMNS} FROM page p JOIN coupons c ON c.id = p.id JOIN stores s ON s.id = c.store_id ${VERIFICATION_JOIN}
     ORDER BY p.seg, p.k, p.id`,
    [...w.params, paging.per_page, offsetOf(paging)],
  );
  const count = () => countOffers(db, domainId, filter, base);
  const counts = await (options.counts ? options.counts(count, { ...filter, type: undefined }) : count());
  return { coupons: rows.map(toCoupon), total: filter.type ? counts[filter.type] : counts.all, counts };
}

/** The segment and rank of a row by the order's segments, for a sort over rows already read. */
function rankSql(parts: Segment[]): { seg: string; key: string } {
  const seg = `CASE ${parts.map((p, i) => `WHEN ${p.where} THEN ${i}`).join(' ')} ELSE ${parts.length} END`;
  const key = `CASE ${parts.map((p) => `WHEN ${p.where} THEN ${p.key}`).join(' ')} END`;
  return { seg, key };
}

async function searchCoupons(
  db: Queryable,
  w: Where,
  type: OfferType | null | undefined,
  parts: Segment[],
  paging: Paging,
): Promise<{ coupons: Coupon[]; total: number; counts: OfferCounts }> {
  const n = w.params.length;
  const { seg, key } = rankSql(parts);
  const rows = await db.query<CouponRow & { n_all: number; n_code: number; n_fs: number }>(
    `WITH m AS MATERIALIZED (
       SELECT c.id, c.has_code, c.free_shipping, ${seg} AS seg, ${key} AS k FROM coupons c WHERE ${w.sql}
     ), page AS (
       SELECT id, seg, k FROM m ${type ? `WHERE ${TYPE_SQL[type].replace('c.', 'm.')}` : ''}
       ORDER BY seg, k, id LIMIT $${n + 1} OFFSET $${n + 2}
     )
     SELECT ${COUPON_COLUMNS}, t.n_all, t.n_code, t.n_fs
     FROM (SELECT count(*)::int AS n_all, (count(*) FILTER (WHERE has_code))::int AS n_code,
             (count(*) FILTER (WHERE free_shipping))::int AS n_fs FROM m) t
     LEFT JOIN (page p JOIN coupons c ON c.id = p.id JOIN stores s ON s.id = c.store_id ${VERIFICATION_JOIN}) ON true
     ORDER BY p.seg, p.k, p.id`,
    [...w.params, paging.per_page, offsetOf(paging)],
  );
  const first = rows[0];
  const counts = offerCounts(first?.n_all ?? 0, first?.n_code ?? 0, first?.n_fs ?? 0);
  return {
    coupons: rows.filter((r) => r.id !== null).map(toCoupon),
    total: type ? counts[type] : counts.all,
    counts,
  };
}

const offerCounts = (all: number, code: number, freeShipping: number): OfferCounts => ({
  all,
  code,
  deal: all - code,
  free_shipping: freeShipping,
});

/**
 * The list's total per offer type (the tabs). From store_category_counts (which leaves paused coupons out) when the
 * filter allows (tenant, category), else counted over the filtered rows.
 */
async function countOffers(db: Queryable, domainId: string, f: CouponFilter, w: Where): Promise<OfferCounts> {
  if ((f.search === undefined || f.search === '') && f.storeId === undefined && !f.verifiedOnly) {
    const params: unknown[] = [domainId];
    const parts = ['ds.domain_id = $1'];
    if (!f.includeInactiveStores) parts.push('NOT s.is_archived AND NOT s.is_paused');
    if (f.category !== undefined) {
      params.push(f.category);
      parts.push(`lower(x.category) = lower($${params.length})`);
    }
    // Recommended lists (the home grids) only need their total: there is no per-type count of recommended coupons.
    const all = f.recommendedOnly ? 'x.n_recommended' : 'x.n';
    const rows = await db.query<{ n: number; k: number; f: number }>(
      `SELECT COALESCE(sum(${all}), 0)::int AS n, COALESCE(sum(x.n_code), 0)::int AS k,
         COALESCE(sum(x.n_free_shipping), 0)::int AS f FROM store_category_counts x
       JOIN domain_stores ds ON ds.store_id = x.store_id JOIN stores s ON s.id = x.store_id WHERE ${parts.join(' AND ')}`,
      params,
    );
    const r = rows[0] ?? { n: 0, k: 0, f: 0 };
    return f.recommendedOnly ? offerCounts(r.n, 0, 0) : offerCounts(r.n, r.k, r.f);
  }
  const rows = await db.query<{ n: number; k: number; f: number }>(
    `SELECT count(*)::int AS n, (count(*) FILTER (WHERE c.has_code))::int AS k,
       (count(*) FILTER (WHERE c.free_shipping))::int AS f FROM coupons c WHERE ${w.sql}`,
    w.params,
  );
  const r = rows[0] ?? { n: 0, k: 0, f: 0 };
  return offerCounts(r.n, r.k, r.f);
}

/** A coupon the tenant lists; null when its store is not published there or the coupon is paused (as if it did not exist). */
export async function findCoupon(db: Queryable, domainId: string, couponId: string): Promise<Coupon | null> {
  const rows = await db.query<CouponRow>(
    `SELECT ${COUPON_COLUMNS} ${FROM} ${VERIFICATION_JOIN} WHERE ds.domain_id = $1 AND c.id = $2 AND NOT c.is_paused`,
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

/** Coupons of one published store that have not expired and are not paused (the store page's meta description). */
export async function countActiveCoupons(db: Queryable, domainId: string, storeId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id
     WHERE ds.domain_id = $1 AND c.store_id = $2 AND NOT c.is_paused
       AND (c.expiry_date IS NULL OR c.expiry_date > now())`,
    [domainId, storeId],
  );
  return rows[0]?.n ?? 0;
}
