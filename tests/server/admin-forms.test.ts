import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantTenants, tenantIdByHost, upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { hashPassword } from '../../src/server/lib/credentials';
import type { AdminBanner, AdminCoupon, AdminStore, AuditEntry, TenantList } from '../../src/shared/contract/admin';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 26, "every form": what the console's add and edit forms send. A coupon with every field (its start and end,
// a deal without a code, exclusive), a store with every field at creation, a banner of a chosen kind and size; bad
// input answered in the words the form shows (never ajv's `body/key must match pattern …`); the audit names what it
// lists; the tenant list says what each home_page would resolve to.
describe.each(DATABASES)('console forms API (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let editor: string;
  let one: string;
  let two: string;
  let category: string;

  const call = <T = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = token) =>
    t.app
      .inject({ method, url, payload, headers: { host: ADMIN_HOST, authorization: `Bearer ${as}` } })
      .then((r) => ({ status: r.statusCode, body: r.json() as { message?: string; data: T } }));
  let n = 0;
  const uniq = () => `${Date.now().toString(36)}-${(n++).toString(36)}`;
  const newStore = async (tenants: string[], extra: object = {}) => {
    const key = `form-${uniq()}`;
    const res = await call<AdminStore>('POST', '/api/admin/stores', { key, slug: key, name: key, tenants, ...extra });
    expect(res.status).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await demoAdminToken(t.app);
    one = (await tenantIdByHost(t.db, 'one.localhost'))!;
    two = (await tenantIdByHost(t.db, 'two.localhost'))!;
    category = (await t.db.query<{ name: string }>('SELECT name FROM categories ORDER BY position LIMIT 1'))[0]!.name;
    const hash = await hashPassword('password-for-tests');
    const id = await upsertSystemUser(t.db, { email: 'forms-editor@example.com', passwordHash: hash, role: 'editor' });
    await grantTenants(t.db, id, [one]);
    const login = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: 'forms-editor@example.com',
      password: 'password-for-tests',
    });
    editor = login.body.data.token;
  });
  afterAll(() => t.close());

  it('creates a store with every field at creation and answers them', async () => {
    const key = `full-${uniq()}`;
    const res = await call<AdminStore>('POST', '/api/admin/stores', {
      key,
      slug: `${key}-shop`,
      name: 'Full Store',
      description: 'Every field, at once.',
      image: 'https://images.example.com/full.png',
      website_url: 'https://full.example.com/',
      desktop_redirection_type: 'zero-redirect-with-refer',
      is_paused: true,
      tenants: [one],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      key,
      slug: `${key}-shop`,
      name: 'Full Store',
      description: 'Every field, at once.',
      image: 'https://images.example.com/full.png',
      website_url: 'https://full.example.com/',
      desktop_redirection_type: 'zero-redirect-with-refer',
      is_paused: true,
      tenants: [one],
    });
  });

  it('creates a coupon with its start and end, as a deal, exclusive, and edits every field and its store', async () => {
    const store = await newStore([one]);
    const created = await call<AdminCoupon>('POST', '/api/admin/coupons', {
      store_id: store._id,
      name: 'Half off everything',
      title: 'Half off',
      description: 'For a week.',
      category,
      code: null,
      link: 'https://shop.example.com/deal',
      start_date: '2026-05-01T08:00:00+02:00',
      expiry_date: '2026-12-31T23:59:00+01:00',
      is_recommended: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      store_id: store._id,
      name: 'Half off everything',
      title: 'Half off',
      description: 'For a week.',
      code: null,
      is_recommended: true,
      start_date: '2026-05-01T06:00:00.000Z',
      expiry_date: '2026-12-31T22:59:00.000Z',
    });
    const [row] = await t.db.query<{ created_at: Date }>('SELECT created_at FROM coupons WHERE id = $1', [
      created.body.data._id,
    ]);
    expect(new Date(row!.created_at).toISOString()).toBe('2026-05-01T06:00:00.000Z');

    const other = await newStore([one]);
    const edited = await call<AdminCoupon>('PATCH', `/api/admin/coupons/${created.body.data._id}`, {
      store_id: other._id,
      code: 'HALF50',
      start_date: '2026-06-01',
      expiry_date: null,
      is_recommended: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      store_id: other._id,
      store_name: other.name,
      code: 'HALF50',
      start_date: '2026-06-01T00:00:00.000Z',
      expiry_date: null,
      is_recommended: false,
    });
    // Only an end in the past (how an operator expires a coupon) is not held to the stored start.
    const expired = await call('PATCH', `/api/admin/coupons/${created.body.data._id}`, { expiry_date: '2001-01-01' });
    expect(expired.status).toBe(200);
  });

  it('refuses an end before the start, and a date that is no date, in words', async () => {
    const store = await newStore([one]);
    const base = { store_id: store._id, name: 'Bad dates', category, link: 'https://shop.example.com/' };
    const before = await call('POST', '/api/admin/coupons', {
      ...base,
      start_date: '2026-05-02',
      expiry_date: '2026-05-01',
    });
    expect(before).toMatchObject({ status: 400, body: { message: 'End date is before the start date.' } });
    const notDate = await call('POST', '/api/admin/coupons', { ...base, start_date: '31/12/2026' });
    expect(notDate.status).toBe(400);
    expect(notDate.body.message).toMatch(/^Start date: "31\/12\/2026" is not a date/);
  });

  it('lets an editor move a coupon only to a store of their own tenants', async () => {
    const mine = await newStore([one]);
    const theirs = await newStore([two]);
    const alsoMine = await newStore([one]);
    const coupon = await call<AdminCoupon>('POST', '/api/admin/coupons', {
      store_id: mine._id,
      name: 'Movable',
      category,
      link: 'https://shop.example.com/m',
    });
    const away = await call('PATCH', `/api/admin/coupons/${coupon.body.data._id}`, { store_id: theirs._id }, editor);
    expect(away.status).toBe(403);
    const moved = await call<AdminCoupon>(
      'PATCH',
      `/api/admin/coupons/${coupon.body.data._id}`,
      { store_id: alsoMine._id },
      editor,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.store_id).toBe(alsoMine._id);
    const unknown = await call('PATCH', `/api/admin/coupons/${coupon.body.data._id}`, {
      store_id: 'f'.repeat(24),
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown store_id.' } });
  });

  it('creates a banner of the chosen kind and size', async () => {
    const res = await call<AdminBanner>('POST', '/api/admin/banners', {
      domain_id: one,
      kind: 'recommend',
      banner_dimension: '300 * 250',
      image_upload: 'https://images.example.com/banner.png',
      redirect_url: 'https://shop.example.com/b',
      position: 2,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'recommend', banner_dimension: '300 * 250', position: 2 });
  });

  it("answers bad input in the form's words, never ajv's", async () => {
    const cases: [string, string, object, string][] = [
      [
        'POST',
        '/api/admin/tenants',
        { key: 'Bad Key', hosts: ['bad.localhost'], data: { name: 'Bad', home_page: 'Home Page One' } },
        'Key may use only lower-case letters a–z, digits, dots, underscores and hyphens, start with a letter or digit, and be up to 100 characters.',
      ],
      [
        'POST',
        '/api/admin/tenants',
        { key: 'ok', hosts: ['https://bad.localhost'], data: { name: 'Bad', home_page: 'Home Page One' } },
        'Host must be a lower-case host name such as six.localhost (no https://, no port, no path).',
      ],
      ['POST', '/api/admin/stores', { key: 'no-name', slug: 'no-name' }, 'Name is required.'],
      ['POST', '/api/admin/stores', { key: 'x', slug: 'x', name: '' }, 'Name is required.'],
      [
        'POST',
        '/api/admin/stores',
        { key: 'x', slug: 'x', name: 'X', website_url: 'ftp://x' },
        'Website must be an absolute http(s) URL, e.g. https://example.com/.',
      ],
      [
        'POST',
        '/api/admin/stores',
        { key: 'x', slug: 'x', name: 'X', desktop_redirection_type: 'sideways' },
        'Redirect type must be one of: zero-redirect-with-refer, zero-redirect-without-refer, default.',
      ],
      [
        'POST',
        '/api/admin/banners',
        { domain_id: 'x', kind: 'ad', banner_dimension: '728 * 90', image_upload: 'a', redirect_url: 'https://x.y/' },
        'Domain id must be a 24-character id.',
      ],
      [
        'POST',
        '/api/admin/banners',
        {
          domain_id: 'a'.repeat(24),
          kind: 'ad',
          banner_dimension: '1 * 1',
          image_upload: 'a',
          redirect_url: 'https://x.y/',
        },
        'Size must be one of: 120 * 600, 728 * 90, 1480 * 630, 300 * 250.',
      ],
      ['POST', '/api/admin/stores', { key: 'x', slug: 'x', name: 'X', colour: 'red' }, 'Unknown field "colour".'],
      ['GET', '/api/admin/stores?per_page=0', {}, 'Per page must be 1 or more.'],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await call(method as 'POST', url, method === 'GET' ? undefined : body);
      expect(res.status, url).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
      expect(res.body.message).not.toMatch(/must match|body\/|\^/);
    }
  });

  it('names what the audit lists: the store, the coupon and its store, the tenant, the operator', async () => {
    const store = await newStore([one], { name: 'Audited Store' });
    await call('POST', '/api/admin/coupons', {
      store_id: store._id,
      name: 'Audited coupon',
      category,
      link: 'https://shop.example.com/a',
    });
    await call('POST', '/api/admin/banners', {
      domain_id: one,
      kind: 'ad',
      banner_dimension: '728 * 90',
      image_upload: 'https://images.example.com/a.png',
      redirect_url: 'https://shop.example.com/audited',
    });
    const res = await call<AuditEntry[]>('GET', '/api/admin/audit?per_page=10');
    expect(res.status).toBe(200);
    const [banner, coupon, created] = res.body.data;
    const [site] = await t.db.query<{ name: string }>('SELECT name FROM domains WHERE id = $1', [one]);
    expect(created).toMatchObject({ entity: 'store', entity_name: 'Audited Store', user_name: expect.any(String) });
    expect(coupon).toMatchObject({ entity: 'coupon', entity_name: 'Audited coupon (Audited Store)' });
    expect(banner).toMatchObject({
      entity: 'banner',
      entity_name: '728 * 90 ad banner → https://shop.example.com/audited',
      tenant_name: site!.name,
    });
    // A deleted store keeps the name its entry recorded; the search finds entries by name.
    await t.db.query('DELETE FROM stores WHERE id = $1', [store._id]);
    const found = await call<AuditEntry[]>('GET', '/api/admin/audit?q=audited%20store');
    expect(found.body.data.map((e) => e.entity_name)).toContain('Audited Store');
  });

  it('lists what every home_page would resolve to', async () => {
    const res = await call<TenantList['data']>('GET', '/api/admin/tenants');
    const list = res.body as unknown as TenantList;
    expect(list.resolutions).toBeDefined();
    for (const h of ['', ...list.home_pages]) expect(list.resolutions![h], h).toHaveProperty('header');
    for (const tenant of list.data) expect(list.resolutions![tenant.data.home_page]).toEqual(tenant.layouts);
    const headers = new Set(list.home_pages.map((h) => list.resolutions![h]!.header));
    expect(headers.size, 'home pages that differ in header').toBeGreaterThan(1);
  });
});
