import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { tenantIdByHost } from '../../src/server/db/repositories/admin-users';
import { DATABASES, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 15: an admin write drops exactly the cached answers it changes — the edited tenant's pages and API answers, a
// store's page in every tenant — and leaves every other tenant's cache alone (no restart, no waiting for the TTL).
const HTML = { accept: 'text/html' };

describe.each(DATABASES)('admin writes and the response cache (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let one: string;

  const get = (url: string, host = 'one.localhost', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
  const admin = (method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` } });
  /** Requested twice: the second answer comes from the cache. */
  const warm = async (url: string, host = 'one.localhost', headers: Record<string, string> = {}) => {
    await get(url, host, headers);
    expect((await get(url, host, headers)).headers['x-cache'], `${host}${url}`).toBe('HIT');
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const login = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: DEMO_ADMIN_EMAIL,
      password: DEMO_ADMIN_PASSWORD,
    });
    token = login.body.data.token;
    one = (await tenantIdByHost(t.db, 'one.localhost'))!;
  });
  afterAll(() => t.close());

  it("serves the new home layout on the next load after home_page changes, and keeps other tenants' cache", async () => {
    await warm('/', 'one.localhost', HTML);
    await warm('/', 'two.localhost', HTML);
    await warm('/api/end-user/website-data/fetchByDomain');
    const before = (await get('/', 'one.localhost', HTML)).body;
    expect(before).not.toContain('layouts/home/top-deals.json');

    const res = await admin('PATCH', `/api/admin/tenants/${one}`, { data: { home_page: 'Home Page Five' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { layouts: { home: expect.stringContaining('top-deals.json') } } });

    const page = await get('/', 'one.localhost', HTML);
    expect(page.headers['x-cache']).toBe('MISS');
    expect(page.body).toContain('layouts/home/top-deals.json');
    const data = await get('/api/end-user/website-data/fetchByDomain');
    expect(data.headers['x-cache']).toBe('MISS');
    expect(data.json()).toMatchObject({ data: { home_page: 'Home Page Five' } });
    expect((await get('/', 'two.localhost', HTML)).headers['x-cache']).toBe('HIT');
  });

  it("stores the tenant's time_zone (layout schedules' wall clock) and refuses a zone that does not exist", async () => {
    const res = await admin('PATCH', `/api/admin/tenants/${one}`, { data: { time_zone: 'America/New_York' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { data: { time_zone: 'America/New_York' } } });
    const data = await get('/api/end-user/website-data/fetchByDomain');
    expect(data.json()).toMatchObject({ data: { time_zone: 'America/New_York' } });
    const bad = await admin('PATCH', `/api/admin/tenants/${one}`, { data: { time_zone: 'Mars/Olympus_Mons' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('IANA');
    await admin('PATCH', `/api/admin/tenants/${one}`, { data: { time_zone: 'UTC' } });
  });

  it('refuses a home_page no layout document serves, and a bad colour, with 400', async () => {
    const bad = await admin('PATCH', `/api/admin/tenants/${one}`, { data: { home_page: 'Home Page Nine' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Home Page Five');
    const colour = await admin('PATCH', `/api/admin/tenants/${one}`, { data: { header_color: 'url(x)' } });
    expect(colour.statusCode).toBe(400);
    const unknown = await admin('PATCH', `/api/admin/tenants/${one}`, { data: { no_such_field: 1 } });
    expect(unknown.statusCode).toBe(400);
  });

  it("drops a store's page in every tenant and the lists of the tenants publishing it when a coupon changes", async () => {
    const [s] = await t.db.query<{ id: string; slug: string; coupon: string }>(
      `SELECT s.id, s.slug, (SELECT c.id FROM coupons c WHERE c.store_id = s.id ORDER BY c.id LIMIT 1) AS coupon
       FROM stores s JOIN domain_stores d ON d.store_id = s.id AND d.domain_id = $1
       WHERE NOT s.is_archived AND NOT s.is_paused AND EXISTS (SELECT 1 FROM coupons c WHERE c.store_id = s.id)
       ORDER BY s.id LIMIT 1`,
      [one],
    );
    const storeUrl = `/api/end-user/store/store-by-slug?slug=${s!.slug}`;
    const listUrl = '/api/end-user/coupon/getCouponsBasedOnDomain?page=1&per_page=5';
    await warm(storeUrl);
    await warm(listUrl);
    // A tenant that does not publish the store keeps its lists.
    const others = await t.db.query<{ host: string }>(
      `SELECT h.host FROM domain_hosts h WHERE NOT EXISTS
         (SELECT 1 FROM domain_stores d WHERE d.domain_id = h.domain_id AND d.store_id = $1) ORDER BY h.host LIMIT 1`,
      [s!.id],
    );
    const other = others[0]!.host;
    await warm(listUrl, other);

    const res = await admin('PATCH', `/api/admin/coupons/${s!.coupon}`, { title: 'Edited by the console' });
    expect(res.statusCode).toBe(200);
    expect((await get(storeUrl)).headers['x-cache']).toBe('MISS');
    expect((await get(listUrl)).headers['x-cache']).toBe('MISS');
    expect((await get(listUrl, other)).headers['x-cache']).toBe('HIT');
  });

  it("reads a store's row, related stores and counts once for all its pages, and shows an edit at once", async () => {
    const [s] = await t.db.query<{ id: string; slug: string }>(
      `SELECT s.id, s.slug FROM stores s JOIN domain_stores d ON d.store_id = s.id AND d.domain_id = $1
       WHERE NOT s.is_archived AND NOT s.is_paused AND (SELECT count(*) FROM coupons c WHERE c.store_id = s.id) > 3
       ORDER BY s.id LIMIT 1`,
      [one],
    );
    const page = (n: number, extra = '') =>
      get(`/api/end-user/store/store-by-slug?slug=${s!.slug}&page=${n}&per_page=2${extra}`);
    expect((await page(1)).statusCode).toBe(200);
    // Issue 27: another page or order of the same store is a cache miss that asks the database for its coupons alone.
    const query = vi.spyOn(t.db, 'query');
    try {
      const second = await page(2, '&sort=newest');
      expect(second.headers['x-cache']).toBe('MISS');
      expect(second.json()).toMatchObject({ page: 2, data: { store: { _id: s!.id } } });
      expect(query.mock.calls.map(([sql]) => String(sql).trim().slice(0, 9))).toEqual(['WITH page']);
    } finally {
      query.mockRestore();
    }
    const renamed = await admin('PATCH', `/api/admin/stores/${s!.id}`, { name: 'Renamed by the console' });
    expect(renamed.statusCode).toBe(200);
    expect((await page(3)).json()).toMatchObject({ data: { store: { name: 'Renamed by the console' } } });
  });

  it("drops what an import touches: its store's page and the lists of the tenants publishing it", async () => {
    const [s] = await t.db.query<{ key: string; slug: string; id: string; category: string }>(
      `SELECT s.key, s.slug, s.id, (SELECT min(name) FROM categories) AS category
       FROM stores s JOIN domain_stores d ON d.store_id = s.id AND d.domain_id = $1
       WHERE NOT s.is_archived AND NOT s.is_paused ORDER BY s.id DESC LIMIT 1`,
      [one],
    );
    const others = await t.db.query<{ host: string }>(
      `SELECT h.host FROM domain_hosts h WHERE NOT EXISTS
         (SELECT 1 FROM domain_stores d WHERE d.domain_id = h.domain_id AND d.store_id = $1) ORDER BY h.host LIMIT 1`,
      [s!.id],
    );
    const other = others[0]!.host;
    const storeUrl = `/api/end-user/store/store-by-slug?slug=${s!.slug}`;
    const listUrl = '/api/end-user/coupon/getCouponsBasedOnDomain?page=1&per_page=5';
    await warm(storeUrl);
    await warm(listUrl);
    await warm(listUrl, other);
    const csv = [
      'offer_id,advertiser,title,category,deeplink',
      `cache-import-1,${s!.key},Imported for the cache test,${s!.category},https://network.example/c1`,
    ].join('\n');
    const importCsv = (dryRun: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/import/coupons${dryRun ? '?dry_run=1' : ''}`,
        payload: csv,
        headers: { host: ADMIN_HOST, authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      });
    // A dry run writes nothing and drops nothing.
    expect((await importCsv(true)).statusCode).toBe(200);
    expect((await get(storeUrl)).headers['x-cache']).toBe('HIT');
    expect((await get(listUrl)).headers['x-cache']).toBe('HIT');

    const res = await importCsv(false);
    expect(res.statusCode).toBe(200);
    const page = await get(storeUrl);
    expect(page.headers['x-cache']).toBe('MISS');
    expect(page.body).toContain('Imported for the cache test');
    expect((await get(listUrl)).headers['x-cache']).toBe('MISS');
    expect((await get(listUrl, other)).headers['x-cache']).toBe('HIT');
  });

  it("drops a tenant's banner answers when its banner changes, not another tenant's", async () => {
    const [b] = await t.db.query<{ id: string; kind: string; banner_dimension: string }>(
      'SELECT id, kind, banner_dimension FROM banners WHERE domain_id = $1 ORDER BY id LIMIT 1',
      [one],
    );
    const url = '/api/end-user/website-data/fetchByDomain';
    await warm(url);
    await warm(url, 'two.localhost');
    const res = await admin('PATCH', `/api/admin/banners/${b!.id}`, { redirect_url: 'https://example.com/new' });
    expect(res.statusCode).toBe(200);
    expect((await get(url)).headers['x-cache']).toBe('MISS');
    expect((await get(url, 'two.localhost')).headers['x-cache']).toBe('HIT');
  });

  it('serves /admin noindex and never cached (404 while the client build has no console)', async () => {
    const page = await get('/admin', 'one.localhost', HTML);
    expect(page.statusCode).toBe(404);
    expect(page.headers['cache-control']).toBe('no-store');
  });
});
