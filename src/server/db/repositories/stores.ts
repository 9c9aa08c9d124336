import type { Queryable } from '../connect';
import type { Store } from '../../../shared/contract/entities';
import { offsetOf, STORE_COLUMNS, toStore, type Paging, type StoreRow } from '../rows';
import { escapeLike } from './coupons';

// Stores a tenant publishes (domain_stores), with the lists the home sections and store pages need.
export interface StoreFilter {
  activeOnly?: boolean | undefined;
  search?: string | undefined;
}

export type StoreOrder = 'name' | 'newest' | 'visits';

const ORDERS: Record<StoreOrder, string> = {
  name: 'lower(s.name), s.id',
  newest: 's.created_at DESC, s.id',
  visits: 's.visit_count DESC, s.id',
};

const FROM = 'FROM stores s JOIN domain_stores ds ON ds.store_id = s.id';

function where(domainId: string, f: StoreFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [domainId];
  const parts = ['ds.domain_id = $1'];
  if (f.activeOnly) parts.push('NOT s.is_archived AND NOT s.is_paused');
  if (f.search !== undefined && f.search !== '') {
    params.push(`%${escapeLike(f.search.toLowerCase())}%`);
    parts.push(`lower(s.name) LIKE $${params.length}`);
  }
  return { sql: parts.join(' AND '), params };
}

export async function listStores(
  db: Queryable,
  domainId: string,
  filter: StoreFilter,
  order: StoreOrder,
  paging: Paging,
): Promise<{ stores: Store[]; total: number }> {
  const w = where(domainId, filter);
  const n = w.params.length;
  // The page and the total in one statement (on PGlite each statement is parsed and planned on the main thread): the
  // window counts the filtered rows before LIMIT. A page past the end has no row to carry it, so only then is it counted.
  const rows = await db.query<StoreRow & { total: number }>(
    `SELECT ${STORE_COLUMNS}, count(*) OVER ()::int AS total ${FROM} WHERE ${w.sql}
     ORDER BY ${ORDERS[order]} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, paging.per_page, offsetOf(paging)],
  );
  const total =
    rows[0]?.total ??
    (offsetOf(paging) === 0
      ? 0
      : ((await db.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} WHERE ${w.sql}`, w.params))[0]?.n ?? 0));
  return { stores: rows.map(toStore), total };
}

/** A published store by `_id`, or by slug (case-insensitive); the store page accepts either. */
export async function findStore(
  db: Queryable,
  domainId: string,
  by: { id?: string; slug?: string },
): Promise<Store | null> {
  const [col, value] = by.id !== undefined ? ['s.id = $2', by.id] : ['s.slug = lower($2)', by.slug ?? ''];
  const rows = await db.query<StoreRow>(`SELECT ${STORE_COLUMNS} ${FROM} WHERE ds.domain_id = $1 AND ${col}`, [
    domainId,
    value,
  ]);
  return rows[0] ? toStore(rows[0]) : null;
}

/** Active stores of the tenant sharing a category with the given store, most visited first. */
export async function relatedStores(db: Queryable, domainId: string, storeId: string, limit: number): Promise<Store[]> {
  // store_category_counts holds each store's categories: a few rows per store instead of its coupons.
  const rows = await db.query<StoreRow>(
    `SELECT ${STORE_COLUMNS} ${FROM}
     WHERE ds.domain_id = $1 AND s.id <> $2 AND NOT s.is_archived AND NOT s.is_paused
       AND EXISTS (SELECT 1 FROM store_category_counts x2 WHERE x2.store_id = s.id AND x2.n > 0
                   AND x2.category IN (SELECT x1.category FROM store_category_counts x1 WHERE x1.store_id = $2 AND x1.n > 0))
     ORDER BY s.visit_count DESC, s.id LIMIT $3`,
    [domainId, storeId, limit],
  );
  return rows.map(toStore);
}

export async function ratingAverage(
  db: Queryable,
  storeId: string,
): Promise<{ average: number | null; count: number }> {
  const rows = await db.query<{ average: number | null; count: number }>(
    'SELECT round(avg(rating), 2)::float8 AS average, count(*)::int AS count FROM store_ratings WHERE store_id = $1',
    [storeId],
  );
  return rows[0] ?? { average: null, count: 0 };
}
