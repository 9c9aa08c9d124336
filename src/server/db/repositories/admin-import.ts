import type { Queryable } from '../connect';

// Bulk upserts of a checked CSV import (src/server/routes/admin/import.ts): one statement per table and batch, inside
// the import's transaction. Rows travel as one JSON parameter (jsonb_to_recordset): parameterised, and 1,000 rows are
// one round trip instead of 1,000. Batches, not the whole file at once: PGlite's WASM heap grows to hold a statement's
// parameter and never gives it back (one 50,000-row statement took the server from 300 to 600 MB RSS).
export const UPSERT_BATCH = 1_000;

function* batches<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) yield rows.slice(i, i + UPSERT_BATCH);
}

export interface CouponImportRow {
  id: string;
  key: string;
  store_id: string;
  name: string;
  description: string;
  category: string;
  code: string | null;
  expiry_date: string | null;
  link: string;
  is_recommended: boolean;
  created_at: string | null;
}

export interface StoreImportRow {
  id: string;
  key: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  website_url: string;
  /** Tenant ids to publish on (added to the ones it has). */
  tenants: string[];
}

export interface Upserted {
  created: number;
  updated: number;
}

const tally = (rows: { inserted: boolean }[], sum: Upserted): Upserted => {
  const created = rows.filter((r) => r.inserted).length;
  return { created: sum.created + created, updated: sum.updated + rows.length - created };
};

export async function upsertCoupons(db: Queryable, rows: readonly CouponImportRow[]): Promise<Upserted> {
  let sum: Upserted = { created: 0, updated: 0 };
  for (const batch of batches(rows)) sum = tally(await upsertCouponBatch(db, batch), sum);
  return sum;
}

function upsertCouponBatch(db: Queryable, rows: readonly CouponImportRow[]): Promise<{ inserted: boolean }[]> {
  return db.query<{ inserted: boolean }>(
    `INSERT INTO coupons AS c (id, key, store_id, name, title, description, category, code, expiry_date, link,
       is_recommended, created_at)
     SELECT r.id, r.key, r.store_id, r.name, r.name, r.description, r.category, r.code, r.expiry_date, r.link,
       r.is_recommended, COALESCE(r.created_at, now())
     FROM jsonb_to_recordset($1::jsonb) AS r (id text, key text, store_id text, name text, description text,
       category text, code text, expiry_date timestamptz, link text, is_recommended boolean, created_at timestamptz)
     ON CONFLICT (key) DO UPDATE SET store_id = EXCLUDED.store_id, name = EXCLUDED.name, title = EXCLUDED.title,
       description = EXCLUDED.description, category = EXCLUDED.category, code = EXCLUDED.code,
       expiry_date = EXCLUDED.expiry_date, link = EXCLUDED.link, is_recommended = EXCLUDED.is_recommended
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify(rows)],
  );
}

export async function upsertStores(db: Queryable, rows: readonly StoreImportRow[]): Promise<Upserted> {
  let sum: Upserted = { created: 0, updated: 0 };
  for (const batch of batches(rows)) sum = tally(await upsertStoreBatch(db, batch), sum);
  return sum;
}

async function upsertStoreBatch(db: Queryable, rows: readonly StoreImportRow[]): Promise<{ inserted: boolean }[]> {
  const out = await db.query<{ inserted: boolean }>(
    `INSERT INTO stores AS s (id, key, slug, name, description, image, website_url)
     SELECT r.id, r.key, r.slug, r.name, r.description, r.image, r.website_url
     FROM jsonb_to_recordset($1::jsonb) AS r (id text, key text, slug text, name text, description text, image text,
       website_url text)
     ON CONFLICT (key) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, description = EXCLUDED.description,
       image = EXCLUDED.image, website_url = EXCLUDED.website_url
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify(rows.map(({ tenants: _t, ...r }) => r))],
  );
  await db.query(
    `INSERT INTO domain_stores (domain_id, store_id)
     SELECT t.domain_id, s.id FROM jsonb_to_recordset($1::jsonb) AS t (key text, domain_id text)
     JOIN stores s ON s.key = t.key ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows.flatMap((r) => r.tenants.map((domain_id) => ({ key: r.key, domain_id }))))],
  );
  return out;
}

/** Existing stores by key and by slug (for the import's checks). */
export async function storeKeysAndSlugs(
  db: Queryable,
): Promise<{ byKey: Map<string, string>; bySlug: Map<string, string> }> {
  const rows = await db.query<{ id: string; key: string; slug: string }>('SELECT id, key, slug FROM stores');
  return { byKey: new Map(rows.map((r) => [r.key, r.id])), bySlug: new Map(rows.map((r) => [r.slug, r.key])) };
}

export async function hostTenantIds(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ host: string; domain_id: string }>('SELECT host, domain_id FROM domain_hosts');
  return new Map(rows.map((r) => [r.host, r.domain_id]));
}

/** The stores (id) the given coupon keys belong to now, for the stores an upsert moves coupons away from. */
export async function storesOfCouponKeys(db: Queryable, keys: readonly string[]): Promise<string[]> {
  const stores = new Set<string>();
  for (const batch of batches(keys)) {
    const rows = await db.query<{ store_id: string }>(
      'SELECT DISTINCT store_id FROM coupons WHERE key = ANY($1::text[])',
      [batch],
    );
    for (const r of rows) stores.add(r.store_id);
  }
  return [...stores];
}
