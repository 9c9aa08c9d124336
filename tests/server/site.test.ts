import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineExecutableScripts, scriptSources, sha256Source } from './helpers/csp-check';
import { resolveLayouts } from '../../src/server/layouts/load';
import { startLayouts } from '../../src/server/layouts/layout-state';
import type { Bootstrap } from '../../src/shared/contract/bootstrap';
import { fileTemplate } from '../../src/server/site/template';
import { DATABASES, startTestApp, tenant, type TestApp, previewQuery } from './helpers/test-app';

function bootstrapOf(html: string): Bootstrap {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as Bootstrap;
}

describe.each(DATABASES)('serving the site (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const page = (url: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host, accept: 'text/html', ...headers } });

  it("puts each tenant's title, meta, favicon, verification tag and canonical link in the head", async () => {
    for (const demo of t.data.tenants) {
      const host = demo.hosts[0] ?? '';
      const res = await page('/?utm=1', `${host}:8080`);
      expect(res.statusCode).toBe(200);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(`<title>${demo.domain.name}</title>`);
      expect(head).toContain(`<meta name="description" content="${demo.domain.meta_description}">`);
      expect(head).toContain(`<meta name="keywords" content="${demo.domain.meta_tag}">`);
      expect(head).toContain(`<link rel="icon" href="/assets/${demo.domain.favicon}">`);
      expect(head).toContain(`<meta name="google-site-verification" content="${demo.domain.google_verification_tag}">`);
      expect(head).toContain(`<link rel="canonical" href="http://${host}:8080/">`);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("carries the tenant's domain data and resolved layouts in the bootstrap", async () => {
    const loaded = t.layouts.current();
    for (const key of ['one', 'two', 'five', 'default']) {
      const demo = tenant(t.data, key);
      const b = bootstrapOf((await page('/', demo.hosts[0] ?? '')).body);
      expect(b.host).toBe(demo.hosts[0]);
      expect(b.domain.name).toBe(demo.domain.name);
      const expected = resolveLayouts(loaded, demo.domain.home_page);
      expect(b.layouts?.home.file).toBe(expected.home.file);
      expect(b.layouts?.header.file).toBe(expected.header.file);
      expect(b.layouts?.footer.file).toBe(expected.footer.file);
      expect(b.layouts?.mobileFooter?.file).toBe(expected.mobileFooter.file);
      expect(b.layouts?.home.doc).toEqual(expected.home.doc);
      // The /home2 … /home4 documents go only with their own route (issue 28).
      expect(b.homeVariants).toBeUndefined();
      const variant = bootstrapOf((await page('/home3', demo.hosts[0] ?? '')).body);
      expect(Object.keys(variant.homeVariants ?? {})).toEqual(['Home Page Three']);
      expect(variant.homeVariants?.['Home Page Three']?.doc).toEqual(
        resolveLayouts(loaded, 'Home Page Three').home.doc,
      );
      expect(b.config).toEqual({
        apiBase: '',
        assetBase: '/assets/',
        recaptchaSiteKey: null,
        analyticsId: null,
        preview: false,
      });
    }
  });

  it('serves index.html on every SPA route and not elsewhere', async () => {
    for (const url of [
      '/home2',
      '/categories',
      '/category/Pets',
      '/mr/https%3A%2F%2Fevil.example',
      '/couponsredirect/store/a/coupon/b/c/mtrd',
      '/couponzr/a/b',
    ]) {
      const res = await page(url, 'one.localhost');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location).toBeUndefined();
    }
    expect((await page('/no/such/route', 'one.localhost')).statusCode).toBe(404);
  });

  it('escapes tenant text in the head and keeps the bootstrap </script>-safe', async () => {
    const evil = 'Evil </script><script>alert(1)</script> & "quotes"';
    await t.db.query('UPDATE domains SET name = $1, meta_description = $1 WHERE key = $2', [evil, 'three']);
    // Written behind the app's back: drop what it keeps of the tenant, as an operator's edit does.
    t.app.responseCache.invalidateAll();
    const res = await page('/', 'three.localhost');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain(
      '<title>Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;</title>',
    );
    expect(bootstrapOf(res.body).domain.name).toBe(evil);
  });

  it('sets a CSP without unsafe-eval or unsafe-inline for scripts, listing the hash of each inline script', async () => {
    for (const url of ['/', '/login']) {
      const res = await page(url, 'one.localhost');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('nonce-');
      const sources = scriptSources(csp);
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).toContain("'strict-dynamic'");
      // The app starts from the hashed loader only: a parser-inserted module script would be blocked.
      expect(res.body).not.toMatch(/<script[^>]*\bsrc=/);
      const inline = inlineExecutableScripts(res.body);
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) expect(sources).toContain(sha256Source(script));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("lists the hashes of the tenant's inline scripts (header_html, header_js, footer_js) in the CSP", async () => {
    const header = '<meta name="x"><script>window.__h = 1;</script><script src="https://cdn.example/t.js"></script>';
    await t.db.query('UPDATE domains SET header_html = $1, header_js = $2, footer_js = $3 WHERE key = $4', [
      header,
      'window.__hj = 2;',
      'window.__fj = 3;',
      'four',
    ]);
    t.app.responseCache.invalidateAll();
    const sources = scriptSources(
      String((await page('/aboutus', 'four.localhost')).headers['content-security-policy']),
    );
    for (const code of ['window.__h = 1;', 'window.__hj = 2;', 'window.__fj = 3;'])
      expect(sources).toContain(sha256Source(code));
  });

  it('answers an unknown site with a plain 404 page', async () => {
    const res = await page('/', 'stranger.example');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Unknown site');
  });

  it('serves per-tenant robots.txt and sitemap.xml', async () => {
    const robots = await page('/robots.txt', 'two.localhost');
    expect(robots.body).toContain('Sitemap: http://two.localhost/sitemap.xml');
    const sitemap = await page('/sitemap.xml', 'two.localhost');
    const published = tenant(t.data, 'two').store_keys;
    const active = t.data.stores.filter((s) => published.includes(s.key) && !s.is_archived && !s.is_paused);
    const archived = t.data.stores.find((s) => published.includes(s.key) && s.is_archived);
    expect(sitemap.body).toContain(`<loc>http://two.localhost/store/${active[0]?.slug}</loc>`);
    expect(sitemap.body).not.toContain(`/store/${archived?.slug}<`);
    expect(sitemap.body).toContain('<loc>http://two.localhost/category/');
    expect((sitemap.body.match(/<loc>.*\/store\/[^<]+<\/loc>/g) ?? []).length).toBe(active.length);
  });

  it('returns raw layout files only with a preview grant for them, rejecting traversal', async () => {
    const file = t.layouts.current().documents[0]?.file ?? '';
    const rel = file.split('/').slice(-2).join('/');
    const query = await previewQuery(t, 'one.localhost', { layout: rel });
    const res = await t.app.inject({ url: `/layouts/${rel}?grant=${new URLSearchParams(query).get('grant')}` });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toHaveProperty('schemaVersion');
    // Without the grant (or with one for another document) a shopper learns nothing of a campaign to come.
    expect((await t.app.inject({ url: `/layouts/${rel}` })).statusCode).toBe(404);
    const other = await previewQuery(t, 'one.localhost', { layout: 'home/not-this.json' });
    const otherGrant = new URLSearchParams(other).get('grant') ?? '';
    expect((await t.app.inject({ url: `/layouts/${rel}?grant=${otherGrant}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/layouts/${rel}?grant=forged.grant` })).statusCode).toBe(404);
    for (const url of [
      '/layouts/home/..%2F..%2Fpackage.json',
      '/layouts/secret/x.json',
      '/layouts/home/missing-file.json',
      '/layouts/home/UP.json',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers 503 "being built" while there is no client build', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({
      db: t.db,
      layouts: t.layouts,
      clientDir: '/nonexistent',
      layoutsDir: 'layouts',
      template: fileTemplate('/nonexistent', () => ({ state: 'failed', reason: 'no client yet' })),
    });
    const res = await app.inject({ url: '/', headers: { host: 'one.localhost' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('being built');
    expect(res.body).not.toContain('no client yet');
    await app.close();
  });
});

describe('layout documents on disk', () => {
  it('skips an invalid document (logged with file and pointer) and reloads on change', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-layouts-'));
    await cp('layouts', dir, { recursive: true });
    await writeFile(
      path.join(dir, 'home', 'broken.json'),
      JSON.stringify({ schemaVersion: 1, kind: 'home', serves: ['Home Page Two'], sections: 'nope' }),
    );
    const warnings: string[] = [];
    const state = await startLayouts(
      dir,
      { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
      true,
    );
    try {
      expect(warnings.some((w) => w.includes('home/broken.json') && /\/sections/.test(w))).toBe(true);
      expect(state.resolve('Home Page Two')?.home.file).not.toContain('broken.json');
      const before = state.current();
      await writeFile(path.join(dir, 'home', 'broken.json'), '{ not json');
      await expect.poll(() => state.current() !== before, { timeout: 5000 }).toBe(true);
    } finally {
      state.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
