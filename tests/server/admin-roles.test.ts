import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX } from '../../src/shared/contract/admin';
import { grantTenants, tenantIdByHost, upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { newId } from '../../src/server/db/ids';
import { hashPassword } from '../../src/server/lib/credentials';
import { adminRoutes as listAdminRoutes } from './helpers/admin-routes';
import { hostOverride, layoutVersion, versionWithHeaderFor } from './helpers/layout-versions';
import { DATABASES, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 15: every /api/admin/… route × no token / user / editor of another tenant / admin. The route list is read
// from the app itself (its OpenAPI document lists every registered route), so a new admin route cannot escape this
// table: without a sample request below, the test fails and names it.

type Who = 'none' | 'user' | 'otherEditor' | 'ownEditor' | 'admin';
interface Fixture {
  tenantA: string;
  tenantB: string;
  storeA: string;
  couponA: string;
  bannerA: string;
}
/** A request that is valid for an admin, on tenant A's data (the other editor is granted only tenant B). */
type Sample = (f: Fixture, t: TestApp) => Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;

const P = ADMIN_PREFIX;
let n = 0;
const uniq = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

async function victimStore(t: TestApp, f: Fixture): Promise<string> {
  const key = `victim-${uniq()}`;
  const id = newId();
  await t.db.query('INSERT INTO stores (id, key, slug, name) VALUES ($1, $2, $2, $3)', [id, key, `Victim ${key}`]);
  await t.db.query('INSERT INTO domain_stores (domain_id, store_id) VALUES ($1, $2)', [f.tenantA, id]);
  return id;
}

const SAMPLES: Record<string, Sample> = {
  [`GET ${P}/me`]: () => ({ url: `${P}/me` }),
  [`GET ${P}/tenants`]: () => ({ url: `${P}/tenants` }),
  [`POST ${P}/tenants`]: () => {
    const k = uniq();
    return {
      url: `${P}/tenants`,
      payload: { key: `t-${k}`, hosts: [`t-${k}.localhost`], data: { name: `T ${k}`, home_page: 'Home Page One' } },
    };
  },
  [`PATCH ${P}/tenants/:id`]: (f) => ({ url: `${P}/tenants/${f.tenantA}`, payload: { data: { footer_text: 'x' } } }),
  [`GET ${P}/stores`]: (f) => ({ url: `${P}/stores?tenant=${f.tenantA}` }),
  [`POST ${P}/stores`]: (f) => {
    const k = `s-${uniq()}`;
    return { url: `${P}/stores`, payload: { key: k, slug: k, name: k, tenants: [f.tenantA] } };
  },
  [`PATCH ${P}/stores/:id`]: (f) => ({ url: `${P}/stores/${f.storeA}`, payload: { is_paused: false } }),
  [`DELETE ${P}/stores/:id`]: async (f, t) => ({ url: `${P}/stores/${await victimStore(t, f)}` }),
  [`GET ${P}/coupons`]: (f) => ({ url: `${P}/coupons?tenant=${f.tenantA}` }),
  [`POST ${P}/coupons`]: async (f, t) => {
    const [c] = await t.db.query<{ category: string }>('SELECT category FROM coupons WHERE id = $1', [f.couponA]);
    return {
      url: `${P}/coupons`,
      payload: { store_id: f.storeA, name: 'Ten off', category: c!.category, link: 'https://example.com/x' },
    };
  },
  [`PATCH ${P}/coupons/:id`]: (f) => ({ url: `${P}/coupons/${f.couponA}`, payload: { title: 'Edited' } }),
  [`DELETE ${P}/coupons/:id`]: async (f, t) => {
    const rows = await t.db.query<{ id: string }>(
      'SELECT id FROM coupons WHERE store_id = $1 AND id <> $2 ORDER BY id LIMIT 1',
      [f.storeA, f.couponA],
    );
    return { url: `${P}/coupons/${rows[0]!.id}` };
  },
  [`GET ${P}/categories`]: () => ({ url: `${P}/categories` }),
  [`POST ${P}/categories`]: () => ({ url: `${P}/categories`, payload: { name: `Cat ${uniq()}` } }),
  [`PATCH ${P}/categories/:name`]: async (_f, t) => {
    const name = `Cat ${uniq()}`;
    await t.db.query('INSERT INTO categories (name) VALUES ($1)', [name]);
    return { url: `${P}/categories/${encodeURIComponent(name)}`, payload: { position: 3 } };
  },
  [`DELETE ${P}/categories/:name`]: async (_f, t) => {
    const name = `Cat ${uniq()}`;
    await t.db.query('INSERT INTO categories (name) VALUES ($1)', [name]);
    return { url: `${P}/categories/${encodeURIComponent(name)}` };
  },
  [`GET ${P}/banners`]: (f) => ({ url: `${P}/banners?tenant=${f.tenantA}` }),
  [`POST ${P}/banners`]: (f) => ({
    url: `${P}/banners`,
    payload: {
      domain_id: f.tenantA,
      banner_dimension: '728 * 90',
      kind: 'ad',
      image_upload: '/assets/x.svg',
      redirect_url: 'https://example.com/',
    },
  }),
  [`PATCH ${P}/banners/:id`]: (f) => ({ url: `${P}/banners/${f.bannerA}`, payload: { position: 1 } }),
  [`DELETE ${P}/banners/:id`]: async (f, t) => {
    const rows = await t.db.query<{ id: string }>(
      'SELECT id FROM banners WHERE domain_id = $1 AND id <> $2 ORDER BY id LIMIT 1',
      [f.tenantA, f.bannerA],
    );
    return { url: `${P}/banners/${rows[0]!.id}` };
  },
  [`POST ${P}/import/:kind`]: () => ({
    url: `${P}/import/stores?dry_run=1`,
    payload: 'store_key,name\nimported-store,Imported Store\n',
    headers: { 'content-type': 'text/csv' },
  }),
  [`GET ${P}/audit`]: () => ({ url: `${P}/audit` }),
  [`GET ${P}/experiments`]: () => ({ url: `${P}/experiments` }),
  [`GET ${P}/alerts`]: () => ({ url: `${P}/alerts` }),
  [`GET ${P}/overview`]: () => ({ url: `${P}/overview` }),
  [`GET ${P}/store-alerts`]: () => ({ url: `${P}/store-alerts` }),
  [`POST ${P}/store-alerts/send`]: () => ({ url: `${P}/store-alerts/send` }),
  [`POST ${P}/preview-grants`]: (f) => ({
    url: `${P}/preview-grants`,
    payload: { tenant: f.tenantA, layout: 'home/top-deals.json' },
  }),
  [`POST ${P}/media`]: async () => ({
    url: `${P}/media?purpose=store`,
    payload: await sharp({ create: { width: 30, height: 20, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer(),
    headers: { 'content-type': 'image/png' },
  }),
  [`GET ${P}/layouts`]: () => ({ url: `${P}/layouts` }),
  [`POST ${P}/layouts/check`]: async () => ({
    url: `${P}/layouts/check`,
    payload: { path: 'home/top-deals.json', body: await readFile('layouts/home/top-deals.json', 'utf8') },
  }),
  [`GET ${P}/layouts/:kind/:file`]: () => ({ url: `${P}/layouts/home/top-deals.json` }),
  [`GET ${P}/layouts/:kind/:file/versions/:version`]: async (_f, t) => ({
    url: `${P}/layouts/home/top-deals.json/versions/${await layoutVersion(t)}`,
  }),
  [`POST ${P}/layouts/:kind/:file/draft`]: () => ({
    url: `${P}/layouts/home/zz-roles.json/draft`,
    payload: { body: '{' },
  }),
  [`DELETE ${P}/layouts/:kind/:file/draft`]: async (_f, t) => {
    await t.db.query(
      "INSERT INTO layout_drafts (path, body, author) VALUES ('home/zz-drop.json', '{}', 'test') ON CONFLICT DO NOTHING",
    );
    return { url: `${P}/layouts/home/zz-drop.json/draft` };
  },
  // Tenant A's own override: its editor may publish it, the other tenant's may not.
  [`POST ${P}/layouts/:kind/:file/publish`]: async () => ({
    url: `${P}/layouts/home/zz-roles.json/publish`,
    payload: { body: await hostOverride('one.localhost', 'home', 'latest-deals.json') },
  }),
  [`POST ${P}/layouts/rollback`]: async (_f, t) => ({
    url: `${P}/layouts/rollback`,
    payload: { version: (await versionWithHeaderFor(t, 'one.localhost')) - 1 },
  }),
  [`GET ${P}/users`]: () => ({ url: `${P}/users` }),
  [`PATCH ${P}/users/:email`]: () => ({ url: `${P}/users/user@example.com`, payload: { role: 'user' } }),
  // Issue 30's feeds: admin only (a feed writes coupons for every store it maps).
  [`GET ${P}/feeds`]: () => ({ url: `${P}/feeds` }),
  [`POST ${P}/feeds`]: (f) => ({
    url: `${P}/feeds`,
    payload: { name: `Feed ${uniq()}`, format: 'awin-csv', tenants: [f.tenantA], category: 'Electronics' },
  }),
  [`PATCH ${P}/feeds/:id`]: async (_f, t) => ({
    url: `${P}/feeds/${await victimFeed(t)}`,
    payload: { every_hours: 12 },
  }),
  [`DELETE ${P}/feeds/:id`]: async (_f, t) => ({ url: `${P}/feeds/${await victimFeed(t)}` }),
  [`POST ${P}/feeds/:id/file`]: async (_f, t) => ({
    url: `${P}/feeds/${await victimFeed(t)}/file`,
    payload: Buffer.from('"Promotion ID","Advertiser ID","Deeplink Tracking"\n'),
    headers: { 'content-type': 'application/octet-stream' },
  }),
  [`GET ${P}/feeds/:id/advertisers`]: async (_f, t) => ({ url: `${P}/feeds/${await victimFeed(t)}/advertisers` }),
  [`POST ${P}/feeds/:id/advertisers`]: async (_f, t) => ({
    url: `${P}/feeds/${await victimFeed(t)}/advertisers`,
    payload: { mappings: [{ advertiser_id: 'adv-1', store_id: null }] },
  }),
  [`POST ${P}/feeds/:id/runs`]: async (_f, t) => ({
    url: `${P}/feeds/${await victimFeed(t)}/runs`,
    payload: { dry_run: true },
  }),
  [`GET ${P}/feeds/:id/runs`]: async (_f, t) => ({ url: `${P}/feeds/${await victimFeed(t)}/runs` }),
  [`GET ${P}/feeds/:id/runs/:run`]: async (_f, t) => {
    const feed = await victimFeed(t);
    const [run] = await t.db.query<{ id: number }>(
      "INSERT INTO feed_runs (feed_id, dry_run, trigger, status) VALUES ($1, true, 'console', 'done') RETURNING id::int AS id",
      [feed],
    );
    return { url: `${P}/feeds/${feed}/runs/${run!.id}` };
  },
  [`POST ${P}/feeds/preferred`]: async (f, t) => ({
    url: `${P}/feeds/preferred`,
    payload: { store_id: f.storeA, feed_id: await victimFeed(t) },
  }),
  // Issue 31's revenue: the view is tenant A's (an editor's own tenants); imports, rates and unmatched are admins'.
  [`GET ${P}/revenue`]: (f) => ({ url: `${P}/revenue?from=2026-11-01&to=2026-11-30&by=store&tenant=${f.tenantA}` }),
  [`POST ${P}/revenue/imports`]: () => ({
    url: `${P}/revenue/imports?format=awin-json&file_name=roles.json`,
    payload: '[]',
    headers: { 'content-type': 'application/json' },
  }),
  [`GET ${P}/revenue/rates`]: () => ({ url: `${P}/revenue/rates` }),
  [`PUT ${P}/revenue/rates`]: () => ({
    url: `${P}/revenue/rates`,
    payload: { rates: [{ currency: 'EUR', to_currency: 'USD', rate: 1.08 }] },
  }),
  [`GET ${P}/revenue/unmatched`]: () => ({ url: `${P}/revenue/unmatched` }),
  [`GET ${P}/revenue/currencies`]: () => ({ url: `${P}/revenue/currencies` }),
  [`PATCH ${P}/revenue/currencies/:tenant`]: (f) => ({
    url: `${P}/revenue/currencies/${f.tenantA}`,
    payload: { reporting_currency: 'USD' },
  }),
  // Issue 31's report sources: admins' (a report moves money in every tenant's figures).
  [`GET ${P}/revenue/sources`]: () => ({ url: `${P}/revenue/sources` }),
  [`POST ${P}/revenue/sources`]: () => ({
    url: `${P}/revenue/sources`,
    payload: { name: `Source ${uniq()}`, format: 'awin-json', url: 'https://api.awin.com/publishers/1/transactions/' },
  }),
  [`PATCH ${P}/revenue/sources/:id`]: async (_f, t) => ({
    url: `${P}/revenue/sources/${await victimSource(t)}`,
    payload: { every_hours: 12 },
  }),
  [`DELETE ${P}/revenue/sources/:id`]: async (_f, t) => ({ url: `${P}/revenue/sources/${await victimSource(t)}` }),
  [`POST ${P}/revenue/sources/:id/import`]: async (_f, t) => ({
    url: `${P}/revenue/sources/${await victimSource(t)}/import`,
  }),
};

let emptyReport: Promise<string> | undefined;
/** A local URL answering an empty Awin report, so that a source's "Import now" succeeds (for an admin). */
const emptyReportUrl = () =>
  (emptyReport ??= new Promise<string>((resolve) => {
    const server = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
    );
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/transactions`);
    });
  }));

/** A report source at that URL, for the source routes' samples. */
async function victimSource(t: TestApp): Promise<number> {
  const [source] = await t.db.query<{ id: number }>(
    `INSERT INTO commission_sources (name, format, url, every_hours) VALUES ($1, 'awin-json', $2, 0)
     RETURNING id::int AS id`,
    [`Victim ${uniq()}`, await emptyReportUrl()],
  );
  return source!.id;
}

/** A feed with one unmapped advertiser, for the feed routes' samples. */
async function victimFeed(t: TestApp): Promise<number> {
  const [feed] = await t.db.query<{ id: number }>(
    `INSERT INTO feeds (name, format, tenants, category, every_hours) VALUES ($1, 'awin-csv', '{}', 'Electronics', 0)
     RETURNING id::int AS id`,
    [`Victim ${uniq()}`],
  );
  await t.db.query("INSERT INTO feed_advertisers (feed_id, advertiser_id, name) VALUES ($1, 'adv-1', 'Adv One')", [
    feed!.id,
  ]);
  return feed!.id;
}

/**
 * Routes any operator (admin or editor) may call whatever their tenants; the rest need tenant A or an admin. The
 * alerts list and the overview answer an editor with their tenants' only (tests/server/signal-alerts.test.ts,
 * tests/server/overview.test.ts).
 */
const ANY_OPERATOR = new Set([
  `GET ${P}/me`,
  `GET ${P}/tenants`,
  `GET ${P}/categories`,
  `GET ${P}/alerts`,
  `GET ${P}/overview`,
  // An upload is no tenant's data until a form the operator may change stores its url (decision 028).
  `POST ${P}/media`,
  // The layout studio's reads, checks and drafts; publishing is tenant A's or an admin's (decision 037).
  `GET ${P}/layouts`,
  `POST ${P}/layouts/check`,
  `GET ${P}/layouts/:kind/:file`,
  `GET ${P}/layouts/:kind/:file/versions/:version`,
  `POST ${P}/layouts/:kind/:file/draft`,
  `DELETE ${P}/layouts/:kind/:file/draft`,
]);
/** Routes only an admin may call (an editor of tenant A gets 403 too). */
const ADMIN_ONLY = new Set([
  `POST ${P}/tenants`,
  `PATCH ${P}/tenants/:id`,
  `POST ${P}/categories`,
  `PATCH ${P}/categories/:name`,
  `DELETE ${P}/categories/:name`,
  `POST ${P}/import/:kind`,
  `GET ${P}/audit`,
  `GET ${P}/users`,
  `PATCH ${P}/users/:email`,
  `GET ${P}/experiments`,
  `GET ${P}/store-alerts`,
  `POST ${P}/store-alerts/send`,
  `GET ${P}/feeds`,
  `POST ${P}/feeds`,
  `PATCH ${P}/feeds/:id`,
  `DELETE ${P}/feeds/:id`,
  `POST ${P}/feeds/:id/file`,
  `GET ${P}/feeds/:id/advertisers`,
  `POST ${P}/feeds/:id/advertisers`,
  `POST ${P}/feeds/:id/runs`,
  `GET ${P}/feeds/:id/runs`,
  `GET ${P}/feeds/:id/runs/:run`,
  `POST ${P}/feeds/preferred`,
  `POST ${P}/revenue/imports`,
  `GET ${P}/revenue/rates`,
  `PUT ${P}/revenue/rates`,
  `GET ${P}/revenue/unmatched`,
  `GET ${P}/revenue/sources`,
  `POST ${P}/revenue/sources`,
  `PATCH ${P}/revenue/sources/:id`,
  `DELETE ${P}/revenue/sources/:id`,
  `POST ${P}/revenue/sources/:id/import`,
  `GET ${P}/revenue/currencies`,
  `PATCH ${P}/revenue/currencies/:tenant`,
]);

const adminRoutes = (t: TestApp) => listAdminRoutes(t.app);

describe.each(DATABASES)('admin API roles (%s)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const tokens: Partial<Record<Who, string>> = {};

  const login = async (email: string, password: string) => {
    const res = await postJson<{ token: string }>(t.app, '/system-user/login', { email, password });
    expect(res.status).toBe(200);
    return res.body.data.token;
  };
  const call = async (route: string, who: Who) => {
    const [method, path] = route.split(' ') as [InjectOptions['method'], string];
    const sample = SAMPLES[route];
    const opts = sample ? await sample(f, t) : { url: path.replace(/:\w+/g, '000000000000000000000000') };
    const headers: Record<string, string> = { host: ADMIN_HOST, ...(opts.headers as Record<string, string>) };
    if (tokens[who]) headers.authorization = `Bearer ${tokens[who]}`;
    return t.app.inject({ ...opts, method, headers });
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      // The layout studio publishes only where the layouts come from the database.
      layoutsSource: 'db',
      rateLimits: {
        forms: { max: 1000, timeWindow: 60_000 },
        newsletter: { max: 1000, timeWindow: 60_000 },
        votes: { max: 1000, timeWindow: 60_000 },
        signals: { max: 1000, timeWindow: 60_000 },
      },
    });
    const tenantA = (await tenantIdByHost(t.db, 'one.localhost'))!;
    const tenantB = (await tenantIdByHost(t.db, 'two.localhost'))!;
    const [store] = await t.db.query<{ id: string }>(
      `SELECT s.id FROM stores s JOIN domain_stores a ON a.store_id = s.id AND a.domain_id = $1
       WHERE NOT EXISTS (SELECT 1 FROM domain_stores b WHERE b.store_id = s.id AND b.domain_id = $2)
         AND (SELECT count(*) FROM coupons c WHERE c.store_id = s.id) >= 3
       ORDER BY s.id LIMIT 1`,
      [tenantA, tenantB],
    );
    // Tenant A's own store, listed by no other tenant: the only kind an editor of A may change (decision 024; the demo
    // lists most stores on every tenant, tests/server/admin-shared-store.test.ts tries those).
    await t.db.query('DELETE FROM domain_stores WHERE store_id = $1 AND domain_id <> $2', [store!.id, tenantA]);
    const [coupon] = await t.db.query<{ id: string }>(
      'SELECT id FROM coupons WHERE store_id = $1 ORDER BY id LIMIT 1',
      [store!.id],
    );
    const banners = await t.db.query<{ id: string }>('SELECT id FROM banners WHERE domain_id = $1 ORDER BY id', [
      tenantA,
    ]);
    expect(banners.length).toBeGreaterThanOrEqual(3);
    f = { tenantA, tenantB, storeA: store!.id, couponA: coupon!.id, bannerA: banners[0]!.id };

    const hash = await hashPassword('password-for-tests');
    await upsertSystemUser(t.db, { email: 'user@example.com', passwordHash: hash, role: 'user' });
    const other = await upsertSystemUser(t.db, { email: 'other@example.com', passwordHash: hash, role: 'editor' });
    await grantTenants(t.db, other, [tenantB]);
    const own = await upsertSystemUser(t.db, { email: 'own@example.com', passwordHash: hash, role: 'editor' });
    await grantTenants(t.db, own, [tenantA]);
    tokens.user = await login('user@example.com', 'password-for-tests');
    tokens.otherEditor = await login('other@example.com', 'password-for-tests');
    tokens.ownEditor = await login('own@example.com', 'password-for-tests');
    tokens.admin = await login(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('finds the admin routes in the app, and has a sample request for each', () => {
    const routes = adminRoutes(t);
    expect(routes.length).toBeGreaterThanOrEqual(22);
    expect(routes.filter((r) => !SAMPLES[r])).toEqual([]);
  });

  it('answers 401 without a token and 403 for a `user` token on every admin route', async () => {
    for (const route of adminRoutes(t)) {
      const none = await call(route, 'none');
      expect(none.statusCode, `${route} without a token`).toBe(401);
      expect(none.json()).toMatchObject({ success: false });
      const user = await call(route, 'user');
      expect(user.statusCode, `${route} as user`).toBe(403);
    }
  });

  it("answers 403 to an editor of another tenant on every route that touches tenant A's data", async () => {
    for (const route of adminRoutes(t)) {
      const res = await call(route, 'otherEditor');
      if (ANY_OPERATOR.has(route)) expect(res.statusCode, `${route} as other editor`).toBe(200);
      else expect(res.statusCode, `${route} as other editor: ${res.body}`).toBe(403);
    }
    // The tenants they do not hold stay out of their list.
    const list = await call(`GET ${P}/tenants`, 'otherEditor');
    expect((list.json() as { data: { _id: string }[] }).data.map((d) => d._id)).toEqual([f.tenantB]);
  });

  it("lets tenant A's editor edit its catalogue and banners, and nothing admin-only", async () => {
    for (const route of adminRoutes(t)) {
      const res = await call(route, 'ownEditor');
      if (ADMIN_ONLY.has(route)) expect(res.statusCode, `${route} as own editor`).toBe(403);
      else expect(res.statusCode, `${route} as own editor: ${res.body}`).toBeLessThan(300);
    }
  });

  it('lets the admin call every route', async () => {
    for (const route of adminRoutes(t)) {
      const res = await call(route, 'admin');
      expect(res.statusCode, `${route} as admin: ${res.body}`).toBeLessThan(300);
    }
  });

  it('records every admin write in the audit list', async () => {
    const res = await call(`GET ${P}/audit`, 'admin');
    const body = res.json() as { total: number; data: { user_email: string; action: string; entity: string }[] };
    const writes = adminRoutes(t).filter((r) => !r.startsWith('GET') && !r.includes('/import/')).length;
    // own editor and admin each made every write they were allowed
    expect(body.total).toBeGreaterThanOrEqual(writes);
    expect(body.data.some((e) => e.user_email === DEMO_ADMIN_EMAIL && e.action === 'update')).toBe(true);
    expect(body.data.some((e) => e.user_email === 'own@example.com' && e.entity === 'banner')).toBe(true);
  });
});
