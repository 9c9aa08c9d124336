import type {
  AdminBanner,
  AdminCategory,
  AdminCoupon,
  AdminStore,
  BannerCreate,
  BannerUpdate,
  CouponCreate,
  CouponUpdate,
  StoreCreate,
  StoreUpdate,
} from '../../../shared/contract/admin';
import type { Queryable } from '../connect';

// The console's catalogue (stores, coupons, categories) and banners: paged lists with search, and single-row writes.
// Every write returns the row before and after, for the audit and for the cache invalidation it triggers.

export interface Paged<T> {
  rows: T[];
  total: number;
}

const like = (q: string | undefined) =>
  q && q.trim()
    ? `%${q
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '\\$&')}%`
    : null;
const iso = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

// ---- stores ---------------------------------------------------------------------------------------------------------

const STORE_SELECT = `SELECT s.id AS _id, s.key, s.slug, s.name, s.description, s.image, s.website_url, s.is_archived,
  s.is_paused, s.desktop_redirection_type, s.sub_id_param,
  COALESCE((SELECT array_agg(ds.domain_id ORDER BY ds.domain_id) FROM domain_stores ds WHERE ds.store_id = s.id), '{}')
    AS tenants,
  COALESCE((SELECT sum(c.n)::int FROM store_category_counts c WHERE c.store_id = s.id), 0)
    + (SELECT count(*)::int FROM coupons p WHERE p.store_id = s.id AND p.is_paused) AS coupons
  FROM stores s`;

export async function listStores(
  db: Queryable,
  o: { q?: string | undefined; tenant?: string | undefined; page: number; perPage: number },
): Promise<Paged<AdminStore>> {
  const where = `WHERE ($1::text IS NULL OR lower(s.name) LIKE $1 OR s.key LIKE $1)
    AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM domain_stores d WHERE d.store_id = s.id AND d.domain_id = $2))`;
  const params = [like(o.q), o.tenant ?? null];
  const rows = await db.query<AdminStore>(`${STORE_SELECT} ${where} ORDER BY lower(s.name), s.id LIMIT $3 OFFSET $4`, [
    ...params,
    o.perPage,
    (o.page - 1) * o.perPage,
  ]);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stores s ${where}`, params);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findStore(db: Queryable, id: string): Promise<AdminStore | null> {
  return (await db.query<AdminStore>(`${STORE_SELECT} WHERE s.id = $1`, [id]))[0] ?? null;
}

/** The store's id when its key or slug (case-insensitive) is `ref`. */
export async function storeIdsByRef(db: Queryable, refs: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ key: string; slug: string; id: string }>(
    'SELECT key, slug, id FROM stores WHERE key = ANY($1::text[]) OR slug = ANY($1::text[])',
    [refs.map((r) => r.toLowerCase())],
  );
  const out = new Map<string, string>();
  for (const r of rows) {
    out.set(r.slug, r.id);
    out.set(r.key, r.id);
  }
  return out;
}

/**
 * Locks the store's row until the transaction ends and answers the tenants listing it (null: no such store). Every
 * change of a store's listing takes the same lock first, so who may change the store cannot change under a write.
 */
export async function lockStoreTenants(db: Queryable, storeId: string): Promise<string[] | null> {
  const locked = await db.query('SELECT id FROM stores WHERE id = $1 FOR NO KEY UPDATE', [storeId]);
  return locked.length ? tenantsOfStores(db, [storeId]) : null;
}

async function setStoreTenants(db: Queryable, storeId: string, tenants: readonly string[]): Promise<void> {
  await db.query('SELECT id FROM stores WHERE id = $1 FOR NO KEY UPDATE', [storeId]);
  await db.query('DELETE FROM domain_stores WHERE store_id = $1 AND NOT (domain_id = ANY($2::text[]))', [
    storeId,
    tenants,
  ]);
  await db.query(
    `INSERT INTO domain_stores (domain_id, store_id) SELECT unnest($2::text[]), $1 ON CONFLICT DO NOTHING`,
    [storeId, tenants],
  );
}

/** Null when the key or slug is taken. */
export async function insertStore(db: Queryable, id: string, s: StoreCreate): Promise<AdminStore | null> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO stores (id, key, slug, name, description, image, website_url, desktop_redirection_type, is_paused,
       sub_id_param)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING id`,
    [
      id,
      s.key,
      s.slug,
      s.name,
      s.description ?? '',
      s.image ?? null,
      s.website_url ?? '',
      s.desktop_redirection_type ?? 'default',
      s.is_paused ?? false,
      s.sub_id_param ?? null,
    ],
  );
  if (rows.length === 0) return null;
  if (s.tenants?.length) await setStoreTenants(db, id, s.tenants);
  return findStore(db, id);
}

const STORE_COLUMNS = [
  'slug',
  'name',
  'description',
  'image',
  'website_url',
  'is_archived',
  'is_paused',
  'desktop_redirection_type',
  'sub_id_param',
] as const;

export async function updateStore(db: Queryable, id: string, u: StoreUpdate): Promise<AdminStore | null> {
  const cols = STORE_COLUMNS.filter((c) => u[c] !== undefined);
  if (cols.length) {
    await db.query(`UPDATE stores SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...cols.map((c) => u[c]),
    ]);
  }
  if (u.tenants) await setStoreTenants(db, id, u.tenants);
  return findStore(db, id);
}

export async function deleteStore(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM stores WHERE id = $1', [id]);
}

// ---- coupons --------------------------------------------------------------------------------------------------------

const COUPON_SELECT = `SELECT c.id AS _id, c.key, c.store_id, s.name AS store_name, c.name, c.title, c.description,
  c.category, c.code, c.expiry_date, c.link, c.is_recommended, c.is_paused, c.created_at AS start_date
  FROM coupons c JOIN stores s ON s.id = c.store_id`;

const toCoupon = (r: AdminCoupon): AdminCoupon => ({
  ...r,
  expiry_date: iso(r.expiry_date),
  start_date: iso(r.start_date) ?? '',
});

export async function listCoupons(
  db: Queryable,
  o: { q?: string | undefined; tenant?: string | undefined; store?: string | undefined; page: number; perPage: number },
): Promise<Paged<AdminCoupon>> {
  const where = `WHERE ($1::text IS NULL OR lower(c.name) LIKE $1 OR c.key LIKE $1)
    AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM domain_stores d WHERE d.store_id = c.store_id AND d.domain_id = $2))
    AND ($3::text IS NULL OR c.store_id = $3)`;
  const params = [like(o.q), o.tenant ?? null, o.store ?? null];
  const rows = await db.query<AdminCoupon>(
    `${COUPON_SELECT} ${where} ORDER BY c.created_at DESC, c.id LIMIT $4 OFFSET $5`,
    [...params, o.perPage, (o.page - 1) * o.perPage],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupons c ${where}`, params);
  return { rows: rows.map(toCoupon), total: total[0]?.n ?? 0 };
}

export async function findCoupon(db: Queryable, id: string): Promise<AdminCoupon | null> {
  const r = (await db.query<AdminCoupon>(`${COUPON_SELECT} WHERE c.id = $1`, [id]))[0];
  return r ? toCoupon(r) : null;
}

/** Null when the key is taken. */
export async function insertCoupon(
  db: Queryable,
  id: string,
  c: CouponCreate & { key: string },
): Promise<AdminCoupon | null> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO coupons (id, key, store_id, name, title, description, category, code, expiry_date, link, is_recommended,
       is_paused, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10, $11, $12, COALESCE($13::timestamptz, now()))
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      id,
      c.key,
      c.store_id,
      c.name,
      c.title ?? '',
      c.description ?? '',
      c.category,
      c.code ?? null,
      c.expiry_date ?? null,
      c.link,
      c.is_recommended ?? false,
      c.is_paused ?? false,
      c.start_date ?? null,
    ],
  );
  return rows.length ? findCoupon(db, id) : null;
}

const COUPON_COLUMNS = [
  'name',
  'title',
  'description',
  'category',
  'code',
  'expiry_date',
  'link',
  'is_recommended',
  'is_paused',
  'store_id',
  'start_date',
] as const;
/** The contract's name of a column where it differs (a coupon's start is its created_at), and its SQL type cast. */
const COUPON_SQL: Partial<Record<(typeof COUPON_COLUMNS)[number], string>> = {
  expiry_date: 'expiry_date = $::timestamptz',
  start_date: 'created_at = $::timestamptz',
};

export async function updateCoupon(db: Queryable, id: string, u: CouponUpdate): Promise<AdminCoupon | null> {
  // A null start is "now" (the column is never null).
  const values = { ...u, ...(u.start_date === null ? { start_date: new Date().toISOString() } : {}) };
  const cols = COUPON_COLUMNS.filter((c) => values[c] !== undefined);
  if (cols.length) {
    await db.query(
      `UPDATE coupons SET ${cols.map((c, i) => (COUPON_SQL[c] ?? `${c} = $`).replace('$', `$${i + 2}`)).join(', ')}
       WHERE id = $1`,
      [id, ...cols.map((c) => values[c])],
    );
  }
  return findCoupon(db, id);
}

export async function deleteCoupon(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM coupons WHERE id = $1', [id]);
}

/** The tenants publishing these stores (whose cached lists a coupon or store write changes). */
export async function tenantsOfStores(db: Queryable, storeIds: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ domain_id: string }>(
    'SELECT DISTINCT domain_id FROM domain_stores WHERE store_id = ANY($1::text[])',
    [storeIds],
  );
  return rows.map((r) => r.domain_id);
}

/** Each tenant's first host, by tenant id (how an operator recognises a tenant in a message). */
export async function tenantHosts(db: Queryable, tenantIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ domain_id: string; host: string }>(
    `SELECT DISTINCT ON (domain_id) domain_id, host FROM domain_hosts WHERE domain_id = ANY($1::text[])
     ORDER BY domain_id, position, host`,
    [tenantIds],
  );
  return new Map(rows.map((r) => [r.domain_id, r.host]));
}

// ---- categories -----------------------------------------------------------------------------------------------------

/** Every coupon of the category, paused ones too (the counts table leaves them out; a used category is not deleted). */
const CATEGORY_COUPONS = `(COALESCE((SELECT sum(n)::int FROM store_category_counts c WHERE c.category = k.name), 0)
  + (SELECT count(*)::int FROM coupons p WHERE p.category = k.name AND p.is_paused))`;

export async function listCategories(
  db: Queryable,
  o: { q?: string | undefined; page: number; perPage: number },
): Promise<Paged<AdminCategory>> {
  const where = 'WHERE ($1::text IS NULL OR lower(k.name) LIKE $1)';
  const rows = await db.query<AdminCategory>(
    `SELECT k.name, k.position,
       ${CATEGORY_COUPONS} AS coupons
     FROM categories k ${where} ORDER BY k.position, k.name LIMIT $2 OFFSET $3`,
    [like(o.q), o.perPage, (o.page - 1) * o.perPage],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM categories k ${where}`, [like(o.q)]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findCategory(db: Queryable, name: string): Promise<AdminCategory | null> {
  const rows = await db.query<AdminCategory>(
    `SELECT k.name, k.position,
       ${CATEGORY_COUPONS} AS coupons
     FROM categories k WHERE k.name = $1`,
    [name],
  );
  return rows[0] ?? null;
}

export async function existingCategories(db: Queryable): Promise<Set<string>> {
  return new Set((await db.query<{ name: string }>('SELECT name FROM categories')).map((r) => r.name));
}

export async function insertCategory(db: Queryable, name: string, position: number): Promise<boolean> {
  const rows = await db.query<{ name: string }>(
    'INSERT INTO categories (name, position) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING name',
    [name, position],
  );
  return rows.length > 0;
}

/** Renaming a category renames it on its coupons too (one statement each, in the caller's transaction). */
export async function updateCategory(db: Queryable, name: string, next: { name: string; position: number }) {
  await db.query('UPDATE categories SET name = $2, position = $3 WHERE name = $1', [name, next.name, next.position]);
  if (next.name !== name) await db.query('UPDATE coupons SET category = $2 WHERE category = $1', [name, next.name]);
}

export async function deleteCategory(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM categories WHERE name = $1', [name]);
}

// ---- banners --------------------------------------------------------------------------------------------------------

const BANNER_SELECT = `SELECT id AS _id, domain_id, banner_dimension, kind, image_upload, image_url, redirect_url,
  store_id, position, is_paused FROM banners`;

export async function listBanners(
  db: Queryable,
  o: { q?: string | undefined; tenant?: string | undefined; page: number; perPage: number },
): Promise<Paged<AdminBanner>> {
  const where = `WHERE ($1::text IS NULL OR lower(redirect_url) LIKE $1 OR lower(image_upload) LIKE $1)
    AND ($2::text IS NULL OR domain_id = $2)`;
  const params = [like(o.q), o.tenant ?? null];
  const rows = await db.query<AdminBanner>(
    `${BANNER_SELECT} ${where} ORDER BY domain_id, kind, banner_dimension, position, id LIMIT $3 OFFSET $4`,
    [...params, o.perPage, (o.page - 1) * o.perPage],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM banners ${where}`, params);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function findBanner(db: Queryable, id: string): Promise<AdminBanner | null> {
  return (await db.query<AdminBanner>(`${BANNER_SELECT} WHERE id = $1`, [id]))[0] ?? null;
}

export async function insertBanner(db: Queryable, id: string, b: BannerCreate): Promise<AdminBanner | null> {
  await db.query(
    `INSERT INTO banners (id, key, domain_id, banner_dimension, kind, image_upload, image_url, redirect_url, store_id,
       position) VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      b.domain_id,
      b.banner_dimension,
      b.kind,
      b.image_upload,
      b.image_url ?? null,
      b.redirect_url,
      b.store_id ?? null,
      b.position ?? 0,
    ],
  );
  return findBanner(db, id);
}

const BANNER_COLUMNS = [
  'banner_dimension',
  'kind',
  'image_upload',
  'image_url',
  'redirect_url',
  'store_id',
  'position',
  'is_paused',
] as const;

export async function updateBanner(db: Queryable, id: string, u: BannerUpdate): Promise<AdminBanner | null> {
  const cols = BANNER_COLUMNS.filter((c) => u[c] !== undefined);
  if (cols.length) {
    await db.query(`UPDATE banners SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...cols.map((c) => u[c]),
    ]);
  }
  return findBanner(db, id);
}

export async function deleteBanner(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM banners WHERE id = $1', [id]);
}
