import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeStores } from './helpers/expect-shapes';
import { DATABASES, getJson, startTestApp, tenant, type TestApp } from './helpers/test-app';

// The per-tenant sitemap lists exactly the indexable pages, and every page it lists answers 200.
const STATIC = [
  '/',
  '/store',
  '/categories',
  '/newlyaddedstores',
  '/coupons',
  '/aboutus',
  '/privacypolicy',
  '/contactus',
];

describe.each(DATABASES)('sitemap.xml and robots.txt (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const sitemap = async (host: string) => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const urls = [...res.body.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
      (m) => ({ loc: (m[1] ?? '').replace(/&amp;/g, '&'), lastmod: m[2] }),
    );
    expect(res.body.match(/<url>/g)?.length).toBe(urls.length);
    return urls;
  };

  it('lists every published active store, every category of the tenant and the static pages, on the tenant host', async () => {
    for (const key of ['one', 'two', 'five', 'default']) {
      const host = tenant(t.data, key).hosts[0] ?? '';
      const urls = await sitemap(host);
      const locs = urls.map((u) => u.loc);
      const stores = activeStores(t.data, key).map((s) => `http://${host}/store/${s.slug}`);
      const categories = (
        await getJson<{ category: string }[]>(t.app, '/api/end-user/coupon/getUniqueCategoryAndCount', host)
      ).body.data.map((c) => `http://${host}/category/${encodeURIComponent(c.category)}`);
      expect(categories.length).toBeGreaterThan(0);
      expect(new Set(locs).size).toBe(locs.length);
      expect([...locs].sort()).toEqual([...STATIC.map((p) => `http://${host}${p}`), ...stores, ...categories].sort());
      for (const u of urls) {
        if (u.loc.includes('/store/') || u.loc.includes('/category/'))
          expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      expect(urls.find((u) => u.loc.endsWith('/aboutus'))?.lastmod).toBeUndefined();
    }
  });

  it('lists no archived, paused or unpublished store', async () => {
    const published = new Set(tenant(t.data, 'two').store_keys);
    const hidden = t.data.stores.filter((s) => !published.has(s.key) || s.is_archived || s.is_paused);
    expect(hidden.some((s) => published.has(s.key))).toBe(true);
    const locs = new Set((await sitemap('two.localhost')).map((u) => u.loc));
    for (const s of hidden) expect(locs.has(`http://two.localhost/store/${s.slug}`), s.slug).toBe(false);
  });

  it('every listed page answers 200 with itself as canonical (the sitemap and the 404 rules agree)', async () => {
    for (const { loc } of await sitemap('three.localhost:8080')) {
      const url = new URL(loc);
      expect(url.host).toBe('three.localhost:8080');
      const res = await t.app.inject({ url: url.pathname, headers: { host: url.host, accept: 'text/html' } });
      expect(res.statusCode, loc).toBe(200);
      expect(res.body, loc).toContain(`<link rel="canonical" href="${loc.replace(/&/g, '&amp;')}">`);
    }
  });

  it('robots.txt points at the sitemap and keeps crawlers off redirect hops and the API', async () => {
    const res = await t.app.inject({ url: '/robots.txt', headers: { host: 'four.localhost' } });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n');
    expect(lines).toContain('Sitemap: http://four.localhost/sitemap.xml');
    for (const p of ['/mr', '/couponsredirect', '/couponzr', '/out/', '/api/'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).not.toContain('Disallow: /store');
  });
});
