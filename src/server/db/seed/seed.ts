import type { Db, Queryable } from '../connect';
import { idFromKey } from '../ids';
import { bulkInsert, type Column } from './bulk';
import { seedDemoAdmin } from './demo-admin';
import type { DemoCoupon, DemoData, DemoStore, DemoTenant } from './demo/types';

// Writes DemoData (src/server/db/seed/demo) into the database in bulk, with ids derived from keys.
const STORE_COLUMNS: Column[] = [
  { name: 'id', type: 'text' },
  { name: 'key', type: 'text' },
  { name: 'slug', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'image', type: 'text' },
  { name: 'website_url', type: 'text' },
  { name: 'is_archived', type: 'boolean' },
  { name: 'is_paused', type: 'boolean' },
  { name: 'desktop_redirection_type', type: 'text' },
  { name: 'visit_count', type: 'int' },
  { name: 'created_at', type: 'timestamptz' },
];

const COUPON_COLUMNS: Column[] = [
  { name: 'id', type: 'text' },
  { name: 'key', type: 'text' },
  { name: 'store_id', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'category', type: 'text' },
  { name: 'code', type: 'text' },
  { name: 'expiry_date', type: 'timestamptz' },
  { name: 'link', type: 'text' },
  { name: 'final_link', type: 'text' },
  { name: 'domain_link', type: 'text' },
  { name: 'image', type: 'text' },
  { name: 'is_recommended', type: 'boolean' },
  { name: 'created_at', type: 'timestamptz' },
];

export async function insertStores(db: Queryable, stores: readonly DemoStore[]): Promise<void> {
  await bulkInsert(
    db,
    'stores',
    STORE_COLUMNS,
    stores.map((s) => [
      idFromKey('store', s.key),
      s.key,
      s.slug,
      s.name,
      s.description,
      s.image,
      s.website_url,
      s.is_archived,
      s.is_paused,
      s.desktop_redirection_type,
      s.visit_count,
      s.created_at,
    ]),
  );
}

export async function insertCoupons(db: Queryable, coupons: readonly DemoCoupon[]): Promise<void> {
  await bulkInsert(
    db,
    'coupons',
    COUPON_COLUMNS,
    coupons.map((c) => [
      idFromKey('coupon', c.key),
      c.key,
      idFromKey('store', c.store_key),
      c.name,
      c.title,
      c.description,
      c.category,
      c.code,
      c.expiry_date,
      c.link,
      c.finalLink,
      c.domain_link,
      c.image,
      c.is_recommended,
      c.created_at,
    ]),
  );
}

async function insertTenant(db: Queryable, t: DemoTenant): Promise<void> {
  const id = idFromKey('domain', t.key);
  await insertDomain(db, id, t);
  await insertTenantLinks(db, id, t);
  await insertTenantBanners(db, id, t);
}

/** The tenant's own row: its domain data. */
async function insertDomain(db: Queryable, id: string, t: DemoTenant): Promise<void> {
  const d = t.domain;
  // banners_v2 storeId is a store key in the demo data; the API exposes store `_id`s.
  const bannersV2 = d.banners_v2.map((b) => (b.storeId ? { ...b, storeId: idFromKey('store', b.storeId) } : b));
  await db.query(
    `INSERT INTO domains (id, key, name, logo, favicon, header_color, header_html, header_js, meta_tag, meta_description,
       home_page, footer_about_us, footer_text, contact, banners_v2, google_verification_tag, footer_js, permissions,
       affiliate_disclosure, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb, $16, $17, $18::jsonb, $19, $20)`,
    [
      id,
      t.key,
      d.name,
      d.logo,
      d.favicon,
      d.header_color,
      d.header_html,
      d.header_js,
      d.meta_tag,
      d.meta_description,
      d.home_page,
      d.footer_about_us,
      d.footer_text,
      JSON.stringify(d.contact),
      JSON.stringify(bannersV2),
      d.google_verification_tag,
      d.footer_js,
      JSON.stringify(d.permissions),
      d.affiliate_disclosure,
      d.time_zone,
    ],
  );
}

/** Where the tenant answers (its hosts, in order) and the stores it publishes. */
async function insertTenantLinks(db: Queryable, id: string, t: DemoTenant): Promise<void> {
  await bulkInsert(
    db,
    'domain_hosts',
    [
      { name: 'host', type: 'text' },
      { name: 'domain_id', type: 'text' },
      { name: 'position', type: 'int' },
    ],
    t.hosts.map((h, i) => [h.toLowerCase(), id, i]),
  );
  await bulkInsert(
    db,
    'domain_stores',
    [
      { name: 'domain_id', type: 'text' },
      { name: 'store_id', type: 'text' },
    ],
    t.store_keys.map((k) => [id, idFromKey('store', k)]),
    'JOIN stores s ON s.id = u.c1 ON CONFLICT DO NOTHING',
  );
}

async function insertTenantBanners(db: Queryable, id: string, t: DemoTenant): Promise<void> {
  await bulkInsert(
    db,
    'banners',
    [
      { name: 'id', type: 'text' },
      { name: 'key', type: 'text' },
      { name: 'domain_id', type: 'text' },
      { name: 'banner_dimension', type: 'text' },
      { name: 'kind', type: 'text' },
      { name: 'image_upload', type: 'text' },
      { name: 'image_url', type: 'text' },
      { name: 'redirect_url', type: 'text' },
      { name: 'store_id', type: 'text', expr: 's.id' },
      { name: 'position', type: 'int' },
    ],
    t.banners.map((b, i) => [
      idFromKey('banner', `${t.key}:${b.key}`),
      `${t.key}:${b.key}`,
      id,
      b.banner_dimension,
      b.kind,
      b.image_upload,
      b.image_url,
      b.redirect_url,
      b.store_key ? idFromKey('store', b.store_key) : null,
      i,
    ]),
    'LEFT JOIN stores s ON s.id = u.c8',
  );
}

async function insertContent(db: Queryable, data: DemoData): Promise<void> {
  await bulkInsert(
    db,
    'categories',
    [
      { name: 'name', type: 'text' },
      { name: 'position', type: 'int' },
    ],
    data.categories.map((c, i) => [c, i]),
    'ON CONFLICT DO NOTHING',
  );
  await bulkInsert(
    db,
    'feature_cards',
    [
      { name: 'position', type: 'int' },
      { name: 'icon', type: 'text' },
      { name: 'title', type: 'text' },
      { name: 'description', type: 'text' },
    ],
    data.feature_cards.map((f, i) => [i, f.icon, f.title, f.description]),
  );
  await bulkInsert(
    db,
    'deals_info',
    [
      { name: 'position', type: 'int' },
      { name: 'title', type: 'text' },
      { name: 'description', type: 'text' },
    ],
    data.deals_info.map((f, i) => [i, f.title, f.description]),
  );
}

async function insertRatings(db: Queryable, ratings: DemoData['ratings']): Promise<void> {
  await bulkInsert(
    db,
    'store_ratings',
    [
      { name: 'store_id', type: 'text' },
      { name: 'rating', type: 'numeric' },
    ],
    ratings.map((r) => [idFromKey('store', r.store_key), r.rating]),
    'JOIN stores s ON s.id = u.c0',
  );
}

/**
 * The default seed: the demo catalogue, tenants, banners and content, in one transaction, with the demo admin and its
 * published password unless `demoAdmin` is false (`npm run seed` outside demo mode; issue 25).
 */
export async function seedDemo(db: Db, data: DemoData, { demoAdmin = true } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await insertContent(tx, data);
    await insertStores(tx, data.stores);
    await insertCoupons(tx, data.coupons);
    await insertRatings(tx, data.ratings);
    for (const t of data.tenants) await insertTenant(tx, t);
    if (demoAdmin) await seedDemoAdmin(tx);
  });
  await analyze(db);
}

/** PGlite has no autovacuum: without fresh statistics the planner sorts whole catalogues for a page of 12. */
async function analyze(db: Db): Promise<void> {
  await db.query('ANALYZE');
}

/** Bulk loads run faster when secondary indexes are built once afterwards (definitions read back from pg_indexes). */
async function withoutSecondaryIndexes<R>(
  db: Queryable,
  tables: readonly string[],
  load: () => Promise<R>,
): Promise<R> {
  const indexes = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [tables],
  );
  for (const ix of indexes) await db.query(`DROP INDEX "${ix.indexname.replace(/"/g, '')}"`);
  const result = await load();
  for (const ix of indexes) await db.query(ix.indexdef);
  return result;
}

/** Benchmark seed: tenants and content from `meta` (generated for the same store count), catalogue streamed in chunks. */
export async function seedLarge(
  db: Db,
  meta: DemoData,
  chunks: Iterable<{ stores: DemoStore[]; coupons: DemoCoupon[] }>,
): Promise<{ stores: number; coupons: number }> {
  let stores = 0;
  let coupons = 0;
  await db.transaction(async (tx) => {
    await insertContent(tx, meta);
    await withoutSecondaryIndexes(tx, ['stores', 'coupons'], async () => {
      for (const chunk of chunks) {
        await insertStores(tx, chunk.stores);
        await insertCoupons(tx, chunk.coupons);
        stores += chunk.stores.length;
        coupons += chunk.coupons.length;
      }
    });
    await insertRatings(tx, meta.ratings);
    for (const t of meta.tenants) await insertTenant(tx, t);
  });
  await analyze(db);
  return { stores, coupons };
}

export async function resetData(db: Db): Promise<void> {
  await db.query(`TRUNCATE commission_sources, commissions, commission_imports, click_outs, currency_rates, store_preferred_feeds, coupon_sources, feed_runs, feed_advertisers, feed_file_parts, feeds, admin_audit, editor_grants, experiment_events, experiment_shoppers, shopper_events, signal_alerts, coupon_votes, coupon_verification, sessions, system_users, searches, coupon_events, contact_messages, newsletter_subscriptions,
    outbox, mail_bodies, digest_runs, confirmation_throttle, store_alert_days, store_alerts_sent, store_follows, domain_dkim, deals_info, feature_cards, banners, domain_stores, domain_hosts, domains, store_ratings, coupons, stores, categories`);
}
