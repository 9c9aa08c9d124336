import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/db/ids';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { grantTenants, tenantIdByHost, upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { hashPassword } from '../../src/server/lib/credentials';
import { ADMIN_PREFIX } from '../../src/shared/contract/admin';
import { adminRoutes } from './helpers/admin-routes';
import { hostOverride, versionWithHeaderFor } from './helpers/layout-versions';
import { DATABASES, getJson, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 25, "shared stores have an owner" (docs/decisions/024-shared-store-owner.md): an editor of tenant A cannot
// change what tenant B's shoppers see. Every admin write is tried by A's editor against a store, coupon, banner,
// category, tenant or grant that B's shoppers see; each is refused and B's store page, the coupon's redirect link and
// B's rows stay as they were. The write routes are read from the app, so a new one fails here until it has an entry.
// An editor of every tenant listing a store may change it, and an admin may change anything.

type Who = 'editorA' | 'editorAB' | 'admin';
interface Fixture {
  A: string;
  B: string;
  /** Listed by A and B only, active, with at least three coupons. */
  shared: { id: string; key: string; slug: string };
  coupon: { id: string; key: string; category: string };
  /** Listed by A, B and other tenants. */
  everywhere: { id: string; slug: string };
  bannerB: string;
}
type Request = Omit<InjectOptions, 'method'> & { url: string };
interface Attempt {
  label: string;
  request: (f: Fixture, t: TestApp) => Promise<Request> | Request;
}

const P = ADMIN_PREFIX;
const EVIL = 'https://evil.example/steal';
let n = 0;
const uniq = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A fresh store listed by A and B (for the deletes, so each run deletes its own). */
async function sharedVictim(t: TestApp, f: Fixture): Promise<string> {
  const key = `shared-victim-${uniq()}`;
  const id = newId();
  await t.db.query('INSERT INTO stores (id, key, slug, name) VALUES ($1, $2, $2, $3)', [id, key, `Victim ${key}`]);
  await t.db.query('INSERT INTO domain_stores (domain_id, store_id) VALUES ($1, $3), ($2, $3)', [f.A, f.B, id]);
  return id;
}

const storePatch = (label: string, payload: (f: Fixture) => object): Attempt => ({
  label,
  request: (f) => ({ url: `${P}/stores/${f.shared.id}`, payload: payload(f) }),
});
const couponPatch = (label: string, payload: object): Attempt => ({
  label,
  request: (f) => ({ url: `${P}/coupons/${f.coupon.id}`, payload }),
});

/** Per admin write route: what A's editor tries against what B's shoppers see. Each must answer 403. */
const ATTEMPTS: Record<string, Attempt[]> = {
  [`POST ${P}/stores`]: [
    {
      label: 'list a new store on B',
      request: (f) => {
        const k = `new-${uniq()}`;
        return { url: `${P}/stores`, payload: { key: k, slug: k, name: k, tenants: [f.A, f.B] } };
      },
    },
  ],
  [`PATCH ${P}/stores/:id`]: [
    storePatch('rename the shared store', () => ({ name: 'Hijacked' })),
    storePatch('pause it', () => ({ is_paused: true })),
    storePatch('archive it', () => ({ is_archived: true })),
    storePatch('move its slug', () => ({ slug: `hijacked-${uniq()}` })),
    storePatch('change its website', () => ({ website_url: EVIL })),
    storePatch('change its redirection', () => ({ desktop_redirection_type: 'zero-redirect-without-refer' })),
    storePatch('rename it, keeping its tenants', (f) => ({ name: 'Hijacked', tenants: [f.A, f.B] })),
    storePatch('take it off B', (f) => ({ tenants: [f.A] })),
  ],
  [`DELETE ${P}/stores/:id`]: [
    { label: 'delete a shared store', request: async (f, t) => ({ url: `${P}/stores/${await sharedVictim(t, f)}` }) },
  ],
  [`POST ${P}/coupons`]: [
    {
      label: 'add an offer to the shared store',
      request: (f) => ({
        url: `${P}/coupons`,
        payload: { store_id: f.shared.id, name: 'Free money', category: f.coupon.category, link: EVIL },
      }),
    },
  ],
  [`PATCH ${P}/coupons/:id`]: [
    couponPatch("point a shared coupon's link elsewhere", { link: EVIL }),
    couponPatch('pause it', { is_paused: true }),
    couponPatch('change its code', { code: 'HIJACKED' }),
    couponPatch('expire it', { expiry_date: '2001-01-01' }),
  ],
  [`DELETE ${P}/coupons/:id`]: [
    {
      label: 'delete a coupon of the shared store',
      request: async (f, t) => {
        const [c] = await t.db.query<{ id: string }>(
          'SELECT id FROM coupons WHERE store_id = $1 AND id <> $2 ORDER BY id DESC LIMIT 1',
          [f.shared.id, f.coupon.id],
        );
        return { url: `${P}/coupons/${c!.id}` };
      },
    },
  ],
  [`POST ${P}/banners`]: [
    {
      label: 'add a banner on B',
      request: (f) => ({
        url: `${P}/banners`,
        payload: {
          domain_id: f.B,
          banner_dimension: '728 * 90',
          kind: 'ad',
          image_upload: '/assets/x.svg',
          redirect_url: EVIL,
        },
      }),
    },
  ],
  [`PATCH ${P}/banners/:id`]: [
    {
      label: "point B's banner elsewhere",
      request: (f) => ({ url: `${P}/banners/${f.bannerB}`, payload: { redirect_url: EVIL } }),
    },
  ],
  [`DELETE ${P}/banners/:id`]: [
    {
      label: "delete B's banner",
      request: async (f, t) => {
        const [b] = await t.db.query<{ id: string }>(
          'SELECT id FROM banners WHERE domain_id = $1 AND id <> $2 ORDER BY id DESC LIMIT 1',
          [f.B, f.bannerB],
        );
        return { url: `${P}/banners/${b!.id}` };
      },
    },
  ],
  [`POST ${P}/categories`]: [
    {
      label: 'add a category every tenant lists',
      request: () => ({ url: `${P}/categories`, payload: { name: `Cat ${uniq()}` } }),
    },
  ],
  [`PATCH ${P}/categories/:name`]: [
    {
      label: 'rename a category (every tenant lists them)',
      request: async (_f, t) => {
        const name = `Cat ${uniq()}`;
        await t.db.query('INSERT INTO categories (name) VALUES ($1)', [name]);
        return { url: `${P}/categories/${encodeURIComponent(name)}`, payload: { name: `Renamed ${uniq()}` } };
      },
    },
  ],
  [`DELETE ${P}/categories/:name`]: [
    {
      label: 'delete a category',
      request: async (_f, t) => {
        const name = `Cat ${uniq()}`;
        await t.db.query('INSERT INTO categories (name) VALUES ($1)', [name]);
        return { url: `${P}/categories/${encodeURIComponent(name)}` };
      },
    },
  ],
  [`POST ${P}/import/:kind`]: [
    {
      label: "import a new link for the shared coupon's offer_id",
      request: (f) => ({
        url: `${P}/import/coupons`,
        payload: `offer_id,advertiser,title,category,deeplink\n${f.coupon.key},${f.shared.key},Imported,"${f.coupon.category}",${EVIL}\n`,
        headers: { 'content-type': 'text/csv' },
      }),
    },
    {
      label: 'import the shared store with a new name',
      request: (f) => ({
        url: `${P}/import/stores`,
        payload: `store_key,name,slug\n${f.shared.key},Hijacked,${f.shared.slug}\n`,
        headers: { 'content-type': 'text/csv' },
      }),
    },
  ],
  [`POST ${P}/tenants`]: [
    {
      label: 'create a tenant',
      request: () => {
        const k = uniq();
        return {
          url: `${P}/tenants`,
          payload: { key: `t-${k}`, hosts: [`t-${k}.localhost`], data: { name: `T ${k}`, home_page: 'Home Page One' } },
        };
      },
    },
  ],
  [`PATCH ${P}/tenants/:id`]: [
    {
      label: "change B's domain data",
      request: (f) => ({ url: `${P}/tenants/${f.B}`, payload: { data: { name: 'Hijacked' } } }),
    },
  ],
  [`POST ${P}/preview-grants`]: [
    {
      label: "preview B's pages (a grant for B's campaigns to come)",
      request: (f) => ({ url: `${P}/preview-grants`, payload: { tenant: f.B, layout: 'home/top-deals.json' } }),
    },
  ],
  [`POST ${P}/store-alerts/send`]: [
    {
      label: "mail every tenant's followers now, B's included (admins only)",
      request: () => ({ url: `${P}/store-alerts/send` }),
    },
  ],
  [`POST ${P}/layouts/:kind/:file/publish`]: [
    {
      label: "publish a home page for B's host",
      request: async () => ({
        url: `${P}/layouts/home/zz-for-b.json/publish`,
        payload: { body: await hostOverride('two.localhost', 'home', 'latest-deals.json') },
      }),
    },
  ],
  [`POST ${P}/layouts/rollback`]: [
    {
      label: "roll back the version that added B's header",
      request: async (_f, t) => ({
        url: `${P}/layouts/rollback`,
        payload: { version: (await versionWithHeaderFor(t, 'two.localhost')) - 1 },
      }),
    },
  ],
  [`PATCH ${P}/users/:email`]: [
    {
      label: 'grant themselves B',
      request: (f) => ({ url: `${P}/users/editor-a@example.com`, payload: { tenants: [f.A, f.B] } }),
    },
  ],
  // Issue 30: a feed writes coupons on the tenants it feeds; every feed route is an admin's (403 to an editor).
  ...feedAttempts(),
};

/** A's editor reaching B's shoppers through a feed: adding one for B, or changing, running or preferring one. */
function feedAttempts(): Record<string, Attempt[]> {
  const feed = async (f: Fixture, t: TestApp) => {
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO feeds (name, format, tenants, category, every_hours) VALUES ($1, 'awin-csv', $2, 'Electronics', 0)
       RETURNING id::int AS id`,
      [`Feed ${uniq()}`, [f.B]],
    );
    await t.db.query("INSERT INTO feed_advertisers (feed_id, advertiser_id, name) VALUES ($1, 'x', 'X')", [row!.id]);
    return row!.id;
  };
  const one = (label: string, request: Attempt['request']): Attempt[] => [{ label, request }];
  return {
    [`POST ${P}/feeds`]: one('add a feed feeding B', (f) => ({
      url: `${P}/feeds`,
      payload: { name: 'Evil', format: 'awin-csv', url: EVIL, tenants: [f.B], category: 'Electronics' },
    })),
    [`PATCH ${P}/feeds/:id`]: one("point B's feed elsewhere", async (f, t) => ({
      url: `${P}/feeds/${await feed(f, t)}`,
      payload: { url: EVIL },
    })),
    [`DELETE ${P}/feeds/:id`]: one("remove B's feed", async (f, t) => ({ url: `${P}/feeds/${await feed(f, t)}` })),
    [`POST ${P}/feeds/:id/file`]: one("replace B's feed file", async (f, t) => ({
      url: `${P}/feeds/${await feed(f, t)}/file`,
      payload: Buffer.from('x'),
      headers: { 'content-type': 'application/octet-stream' },
    })),
    [`POST ${P}/feeds/:id/advertisers`]: one("map B's advertisers", async (f, t) => ({
      url: `${P}/feeds/${await feed(f, t)}/advertisers`,
      payload: { mappings: [{ advertiser_id: 'x', store_id: f.shared.id }] },
    })),
    [`POST ${P}/feeds/:id/runs`]: one("sync B's feed", async (f, t) => ({
      url: `${P}/feeds/${await feed(f, t)}/runs`,
      payload: { dry_run: false },
    })),
    [`POST ${P}/feeds/preferred`]: one("change the link of B's shared store", async (f, t) => ({
      url: `${P}/feeds/preferred`,
      payload: { store_id: f.shared.id, feed_id: await feed(f, t) },
    })),
  };
}

/**
 * Writes that cannot change what any tenant's shoppers see, with why: an upload is no tenant's data until a form the
 * operator may change stores its url (decision 028), and that form's route is in ATTEMPTS; a layout draft and a check
 * are never shown to shoppers (a draft only in a granted preview), and its publication is in ATTEMPTS (decision 037);
 * a commission import, the currency rates and the report sources change only the revenue figures operators see (issue
 * 31, admins only).
 */
const TOUCHES_NO_TENANT = new Set([
  `POST ${P}/revenue/imports`,
  `PUT ${P}/revenue/rates`,
  `PATCH ${P}/revenue/currencies/:tenant`,
  `POST ${P}/revenue/sources`,
  `PATCH ${P}/revenue/sources/:id`,
  `DELETE ${P}/revenue/sources/:id`,
  `POST ${P}/revenue/sources/:id/import`,
  `POST ${P}/media`,
  `POST ${P}/layouts/check`,
  `POST ${P}/layouts/:kind/:file/draft`,
  `DELETE ${P}/layouts/:kind/:file/draft`,
]);

describe.each(DATABASES)('shared stores have an owner (%s)', (kind) => {
  let t: TestApp;
  let f: Fixture;
  const tokens: Partial<Record<Who, string>> = {};

  const call = (who: Who, method: InjectOptions['method'], req: Request) =>
    t.app.inject({
      ...req,
      method,
      headers: { host: ADMIN_HOST, ...(req.headers ?? {}), authorization: `Bearer ${tokens[who]}` },
    });
  const as = (who: Who, method: InjectOptions['method'], url: string, payload?: object) =>
    call(who, method, { url, ...(payload ? { payload } : {}) });

  /** What B's shoppers get: the shared store's page, the coupon's redirect, and B's rows (stores, coupons, banners…). */
  const shopperView = async (host = 'two.localhost') => {
    const page = await getJson(t.app, `/api/end-user/store/store-by-slug?slug=${f.shared.slug}&per_page=100`, host);
    const url = await getJson(t.app, `/v2/fetch/couponurl?coupon_id=${f.coupon.id}`, host);
    const [rows] = await t.db.query<Record<string, string>>(
      `SELECT
        (SELECT md5(string_agg(s::text, '|' ORDER BY s.id)) FROM stores s
          JOIN domain_stores d ON d.store_id = s.id AND d.domain_id = $1) AS stores,
        (SELECT md5(string_agg(c::text, '|' ORDER BY c.id)) FROM coupons c
          JOIN domain_stores d ON d.store_id = c.store_id AND d.domain_id = $1) AS coupons,
        (SELECT md5(string_agg(b::text, '|' ORDER BY b.id)) FROM banners b WHERE b.domain_id = $1) AS banners,
        (SELECT md5(string_agg(k::text, '|' ORDER BY k.name)) FROM categories k) AS categories,
        (SELECT md5(x::text) FROM domains x WHERE x.id = $1) AS tenant,
        (SELECT md5(string_agg(u::text, '|' ORDER BY u.user_id, u.domain_id)) FROM editor_grants u) AS grants`,
      [f.B],
    );
    return { page: [page.status, page.body], url: [url.status, url.body], rows };
  };

  beforeAll(async () => {
    // The layout studio publishes only where the layouts come from the database.
    t = await startTestApp(kind, { layoutsSource: 'db' });
    const A = (await tenantIdByHost(t.db, 'one.localhost'))!;
    const B = (await tenantIdByHost(t.db, 'two.localhost'))!;
    const stores = await t.db.query<{ id: string; key: string; slug: string }>(
      `SELECT s.id, s.key, s.slug FROM stores s
       WHERE NOT s.is_archived AND NOT s.is_paused
         AND EXISTS (SELECT 1 FROM domain_stores d WHERE d.store_id = s.id AND d.domain_id = $1)
         AND EXISTS (SELECT 1 FROM domain_stores d WHERE d.store_id = s.id AND d.domain_id = $2)
         AND (SELECT count(*) FROM domain_stores d WHERE d.store_id = s.id) > 2
         AND (SELECT count(*) FROM coupons c WHERE c.store_id = s.id AND NOT c.is_paused) >= 3
       ORDER BY s.id LIMIT 2`,
      [A, B],
    );
    const [shared, everywhere] = stores;
    await t.db.query('DELETE FROM domain_stores WHERE store_id = $1 AND domain_id <> ALL($2::text[])', [
      shared!.id,
      [A, B],
    ]);
    const [coupon] = await t.db.query<Fixture['coupon']>(
      'SELECT id, key, category FROM coupons WHERE store_id = $1 AND NOT is_paused ORDER BY id LIMIT 1',
      [shared!.id],
    );
    const [banner] = await t.db.query<{ id: string }>('SELECT id FROM banners WHERE domain_id = $1 ORDER BY id', [B]);
    f = { A, B, shared: shared!, coupon: coupon!, everywhere: everywhere!, bannerB: banner!.id };

    const hash = await hashPassword('password-for-tests');
    const editorA = await upsertSystemUser(t.db, { email: 'editor-a@example.com', passwordHash: hash, role: 'editor' });
    await grantTenants(t.db, editorA, [A]);
    const editorAB = await upsertSystemUser(t.db, {
      email: 'editor-ab@example.com',
      passwordHash: hash,
      role: 'editor',
    });
    await grantTenants(t.db, editorAB, [A, B]);
    const login = async (email: string, password: string) =>
      (await postJson<{ token: string }>(t.app, '/system-user/login', { email, password })).body.data.token;
    tokens.editorA = await login('editor-a@example.com', 'password-for-tests');
    tokens.editorAB = await login('editor-ab@example.com', 'password-for-tests');
    tokens.admin = await login(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('has attempts for every admin write route', () => {
    const writes = adminRoutes(t.app).filter((r) => !r.startsWith('GET '));
    expect(writes.length).toBeGreaterThanOrEqual(15);
    expect(writes.filter((r) => !ATTEMPTS[r]?.length && !TOUCHES_NO_TENANT.has(r))).toEqual([]);
  });

  it("refuses every write of A's editor to what B's shoppers see, and B's shoppers see no change", async () => {
    const before = await shopperView();
    expect(before.page[0]).toBe(200);
    expect(before.url[0]).toBe(200);
    for (const route of adminRoutes(t.app).filter((r) => !r.startsWith('GET '))) {
      const method = route.split(' ')[0] as InjectOptions['method'];
      for (const attempt of ATTEMPTS[route] ?? []) {
        const req = await attempt.request(f, t);
        const expected = await shopperView();
        const res = await call('editorA', method, req);
        expect(res.statusCode, `${route}: ${attempt.label}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
        expect(await shopperView(), `${route}: ${attempt.label}`).toEqual(expected);
      }
    }
    const after = await shopperView();
    expect([after.page, after.url]).toEqual([before.page, before.url]);
  });

  it('says which other tenants list the store and that an admin must make the change', async () => {
    const rename = await as('editorA', 'PATCH', `${P}/stores/${f.shared.id}`, { name: 'Hijacked' });
    expect(rename.json().message).toBe(
      'Other tenants also list this store (two.localhost): only an admin may change it, since the change would show ' +
        'on their sites.',
    );
    const link = await as('editorA', 'PATCH', `${P}/coupons/${f.coupon.id}`, { link: EVIL });
    expect(link.json().message).toBe(
      "Other tenants also list this coupon's store (two.localhost): only an admin may change its coupons, since the " +
        'change would show on their sites.',
    );
  });

  it('refuses an editor of A and B a store that a third tenant lists too', async () => {
    const [third] = await t.db.query<{ host: string }>(
      `SELECT min(h.host) AS host FROM domain_stores d JOIN domain_hosts h ON h.domain_id = d.domain_id
       WHERE d.store_id = $1 AND d.domain_id <> ALL($2::text[])`,
      [f.everywhere.id, [f.A, f.B]],
    );
    const pageUrl = `/api/end-user/store/store-by-slug?slug=${f.everywhere.slug}`;
    const before = await getJson(t.app, pageUrl, third!.host);
    expect(before.status).toBe(200);
    for (const payload of [{ is_paused: true }, { name: 'Hijacked' }]) {
      const res = await as('editorAB', 'PATCH', `${P}/stores/${f.everywhere.id}`, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Other tenants also list this store \(.+\): only an admin may change it/);
    }
    expect((await getJson(t.app, pageUrl, third!.host)).body).toEqual(before.body);
  });

  it("lets an editor of every tenant listing the store change it, and B's shoppers see the change", async () => {
    const renamed = await as('editorAB', 'PATCH', `${P}/stores/${f.shared.id}`, { name: 'Renamed by its owner' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const link = 'https://merchant.example/new-offer';
    expect((await as('editorAB', 'PATCH', `${P}/coupons/${f.coupon.id}`, { link })).statusCode).toBe(200);
    const view = await shopperView();
    expect(view.page[1]).toMatchObject({ data: { store: { name: 'Renamed by its owner' } } });
    expect(view.url[1]).toMatchObject({ data: { coupons: [{ _id: f.coupon.id, link }] } });

    const added = await as('editorAB', 'POST', `${P}/coupons`, {
      store_id: f.shared.id,
      name: 'Owner offer',
      category: f.coupon.category,
      link,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await as('editorAB', 'DELETE', `${P}/coupons/${added.json().data._id}`)).statusCode).toBe(200);
    // A paused store's page says so (the shop then shows "Store not found").
    expect((await as('editorAB', 'PATCH', `${P}/stores/${f.shared.id}`, { is_paused: true })).statusCode).toBe(200);
    expect((await shopperView()).page[1]).toMatchObject({ data: { store: { is_paused: true } } });
    expect((await as('editorAB', 'PATCH', `${P}/stores/${f.shared.id}`, { is_paused: false })).statusCode).toBe(200);
    expect((await shopperView()).page[1]).toMatchObject({ data: { store: { is_paused: false } } });
  });

  it('lets an editor take a shared store off their own tenant only, which B does not see', async () => {
    const before = await shopperView();
    const res = await as('editorA', 'PATCH', `${P}/stores/${f.shared.id}`, { tenants: [f.B] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await shopperView('one.localhost')).page[0]).toBe(404);
    expect(await shopperView()).toEqual(before);
    // Now no tenant of theirs lists it: it is out of their reach, and an admin lists it on A again.
    expect((await as('editorA', 'PATCH', `${P}/stores/${f.shared.id}`, { tenants: [f.A, f.B] })).statusCode).toBe(403);
    expect((await as('admin', 'PATCH', `${P}/stores/${f.shared.id}`, { tenants: [f.A, f.B] })).statusCode).toBe(200);
    expect((await shopperView('one.localhost')).page[0]).toBe(200);
  });

  it('lets an admin make every one of those writes', async () => {
    const everywhere = await as('admin', 'PATCH', `${P}/stores/${f.everywhere.id}`, { name: 'Renamed by the admin' });
    expect(everywhere.statusCode).toBe(200);
    const page = await getJson(t.app, `/api/end-user/store/store-by-slug?slug=${f.everywhere.slug}`, 'two.localhost');
    expect(page.body).toMatchObject({ data: { store: { name: 'Renamed by the admin' } } });
    for (const route of adminRoutes(t.app).filter((r) => !r.startsWith('GET '))) {
      const method = route.split(' ')[0] as InjectOptions['method'];
      for (const attempt of ATTEMPTS[route] ?? []) {
        const res = await call('admin', method, await attempt.request(f, t));
        expect(res.statusCode, `${route}: ${attempt.label}: ${res.body}`).toBeLessThan(300);
      }
    }
  });
});
