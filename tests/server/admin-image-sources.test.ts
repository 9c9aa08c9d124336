import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantIdByHost } from '../../src/server/db/repositories/admin-users';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 26: an http: logo was saved, then blocked by every page's CSP (img-src 'self' data: https:) with nothing said.
// Every admin write that stores an image address refuses one the pages would block, with words that say what to do,
// and stores nothing; https: addresses, uploads (media/…) and the demo's asset paths are kept.
const HINT = 'Use an https: address or upload the image.';

describe.each(DATABASES)('image addresses at save (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let tenant: string;
  let store: string;
  let banner: string;
  const call = (method: InjectOptions['method'], url: string, payload: unknown, type = 'application/json') =>
    t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}`, 'content-type': type },
      payload: payload as string,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    token = await demoAdminToken(t.app);
    tenant = (await tenantIdByHost(t.db, 'one.localhost'))!;
    store = (await t.db.query<{ id: string }>('SELECT id FROM stores ORDER BY id LIMIT 1'))[0]!.id;
    banner = (await t.db.query<{ id: string }>('SELECT id FROM banners WHERE domain_id = $1 LIMIT 1', [tenant]))[0]!.id;
  });
  afterAll(() => t.close());

  it("refuses a tenant's http: logo, favicon or banner image, and keeps https: and uploaded ones", async () => {
    for (const data of [
      { logo: 'http://cdn.example/logo.png' },
      { favicon: 'HTTP://cdn.example/icon.png' },
      { logo: '//cdn.example/logo.png' },
      { logo: 'javascript:alert(1)//http' },
      { banners_v2: [{ image: 'https://ok.example/b.png' }, { image: 'http://cdn.example/b.png' }] },
    ]) {
      const res = await call('PATCH', `/tenants/${tenant}`, { data });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^(logo|favicon|banners_v2\[1\]\.image): ".*" would be/);
      expect(res.json<{ message: string }>().message).toContain(HINT);
    }
    const [row] = await t.db.query<{ logo: string }>('SELECT logo FROM domains WHERE id = $1', [tenant]);
    expect(row?.logo).not.toContain('cdn.example');
    for (const logo of [
      'https://cdn.example/logo.png',
      `media/${'a'.repeat(32)}-520x112.webp`,
      'tenants/one/logo.svg',
    ]) {
      const ok = await call('PATCH', `/tenants/${tenant}`, { data: { logo } });
      expect(ok.statusCode, `${logo}: ${ok.body}`).toBe(200);
    }
    const created = await call('POST', '/tenants', {
      key: 'http-logo',
      hosts: ['http-logo.localhost'],
      data: { name: 'Http Logo', home_page: 'Home Page One', logo: 'http://cdn.example/logo.png' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ message: string }>().message).toContain(HINT);
  });

  it("refuses a store's http: image on create and update", async () => {
    const created = await call('POST', '/stores', {
      key: 'http-image',
      slug: 'http-image',
      name: 'Http Image',
      image: 'http://cdn.example/s.png',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ message: string }>().message).toBe(
      `image: "http://cdn.example/s.png" would be blocked on the site's pages. ${HINT}`,
    );
    const updated = await call('PATCH', `/stores/${store}`, { image: 'http://cdn.example/s.png' });
    expect(updated.statusCode).toBe(400);
    expect((await call('PATCH', `/stores/${store}`, { image: 'https://cdn.example/s.png' })).statusCode).toBe(200);
    expect((await call('PATCH', `/stores/${store}`, { image: null })).statusCode).toBe(200);
  });

  it("refuses a banner's http: image_upload or image_url on create and update", async () => {
    const base = { domain_id: tenant, banner_dimension: '728 * 90', kind: 'ad', redirect_url: 'https://example.com/' };
    const created = await call('POST', '/banners', { ...base, image_upload: 'http://cdn.example/b.png' });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ message: string }>().message).toMatch(/^image_upload: .*Use an https: address/);
    const url = await call('PATCH', `/banners/${banner}`, { image_url: 'http://cdn.example/b.png' });
    expect(url.statusCode).toBe(400);
    expect(url.json<{ message: string }>().message).toMatch(/^image_url: /);
    const ok = await call('POST', '/banners', { ...base, image_upload: `media/${'b'.repeat(32)}-1456x180.webp` });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('reports an imported store row with an http: image, and imports nothing', async () => {
    const csv = 'store_key,name,image\nhttp-import,Http Import,http://cdn.example/i.png\n';
    const res = await call('POST', '/import/stores', csv, 'text/csv');
    expect(res.statusCode).toBe(422);
    const report = res.json<{ data: { errors: { line: number; column: string; message: string }[] } }>();
    expect(report.data.errors).toEqual([
      { line: 2, column: 'image', message: expect.stringContaining(HINT) as string },
    ]);
  });
});
