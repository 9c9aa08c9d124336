import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { compressionCount } from '../../src/server/cache/response-store';
import { inlineExecutableScripts, scriptSources, sha256Source } from './helpers/csp-check';
import { DATABASES, getJson, postJson, shopperCookie, startTestApp, type TestApp } from './helpers/test-app';

// The per-tenant response cache: same bytes on a hit, 304 on If-None-Match, writes drop what they change,
// tenants never see each other's answers, documents are the same bytes (hash-based CSP) and compressed once.
const domainId = (key: string) => idFromKey('domain', key);
const HTML = { accept: 'text/html' };

describe.each(DATABASES)('response cache (%s)', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2026-06-15T12:00:00.000Z');
  /** An active store published by tenants one and two, with one of its coupons. */
  let shared: { storeId: string; slug: string; couponId: string };

  beforeAll(async () => {
    t = await startTestApp(kind, { responseCache: { now: () => clock } });
    const rows = await t.db.query<{ id: string; slug: string; coupon_id: string }>(
      `SELECT s.id, s.slug, (SELECT c.id FROM coupons c WHERE c.store_id = s.id ORDER BY c.id LIMIT 1) AS coupon_id
       FROM stores s WHERE NOT s.is_archived AND NOT s.is_paused
         AND (SELECT count(*) FROM domain_stores ds WHERE ds.store_id = s.id AND ds.domain_id IN ($1, $2)) = 2
         AND EXISTS (SELECT 1 FROM coupons c WHERE c.store_id = s.id)
       ORDER BY s.id LIMIT 1`,
      [domainId('one'), domainId('two')],
    );
    const r = rows[0];
    if (!r) throw new Error('no store shared by tenants one and two');
    shared = { storeId: r.id, slug: r.slug, couponId: r.coupon_id };
  });
  afterAll(() => t.close());

  const get = (url: string, host = 'one.localhost', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('answers a repeat from the cache with the same bytes, headers and ETag', async () => {
    const url = '/api/end-user/coupon/getCouponsBasedOnDomain?page=1&per_page=5';
    const miss = await get(url);
    const hit = await get('/api/end-user/coupon/getCouponsBasedOnDomain?per_page=5&page=1');
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    for (const h of ['content-type', 'cache-control', 'vary', 'content-security-policy', 'x-content-type-options']) {
      expect(hit.headers[h], h).toBe(miss.headers[h]);
    }
    expect(hit.headers['cache-control']).toBe('public, max-age=30');
  });

  it('compresses a hit as asked (br, gzip) to the same bytes', async () => {
    const url = '/api/end-user/store/getStoresBasedOnDomain?page=1&per_page=40';
    const plain = await get(url);
    const br = await get(url, 'one.localhost', { 'accept-encoding': 'gzip, br' });
    const gz = await get(url, 'one.localhost', { 'accept-encoding': 'gzip' });
    expect(br.headers['x-cache']).toBe('HIT');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const page = await get('/categories', 'one.localhost', { ...HTML, 'accept-encoding': 'gzip' });
    const pageHit = await get('/categories', 'one.localhost', { ...HTML, 'accept-encoding': 'gzip' });
    expect(pageHit.headers['x-cache']).toBe('HIT');
    expect(gunzipSync(pageHit.rawPayload).toString()).toContain('<!doctype html>');
    expect(pageHit.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['content-security-policy']).toBe(pageHit.headers['content-security-policy']);
  });

  it('keeps the document-only security headers off JSON answers, on pages', async () => {
    const json = await get('/api/end-user/feature-cards');
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['referrer-policy']).toBeUndefined();
    const page = await get('/aboutus', 'one.localhost', HTML);
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    // Framing is refused by the CSP's frame-ancestors (X-Frame-Options says nothing more to today's browsers).
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    // HSTS means nothing over plain http (RFC 6797 §8.1) and legacy headers are not sent.
    for (const h of ['strict-transport-security', 'x-frame-options', 'x-xss-protection', 'x-download-options'])
      expect(page.headers[h], h).toBeUndefined();
  });

  it('answers 304 without a body when If-None-Match holds the ETag (hit and miss alike)', async () => {
    const url = '/api/end-user/store/latest-stores?limit=3';
    const first = await get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const hit = await get(url, 'one.localhost', { 'if-none-match': etag });
    expect(hit.statusCode).toBe(304);
    expect(hit.rawPayload.length).toBe(0);
    expect(hit.headers.etag).toBe(etag);
    t.app.responseCache.invalidateAll();
    const miss = await get(url, 'one.localhost', { 'if-none-match': `"other", ${etag}` });
    expect(miss.statusCode).toBe(304);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect((await get(url, 'one.localhost', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('never shows one tenant the answer cached for another (Host or domain-name)', async () => {
    const url = '/api/end-user/website-data/fetchByDomain';
    const one = (await getJson<{ name: string }>(t.app, url, 'one.localhost')).body.data.name;
    const two = (await getJson<{ name: string }>(t.app, url, 'two.localhost')).body.data.name;
    expect(one).not.toBe(two);
    const again = await get(url, 'two.localhost');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.json<{ data: { name: string } }>().data.name).toBe(two);
    const byHeader = await get(url, 'one.localhost', { 'domain-name': 'two.localhost' });
    expect(byHeader.json<{ data: { name: string } }>().data.name).toBe(two);
    expect((await get(url, 'one.localhost')).json<{ data: { name: string } }>().data.name).toBe(one);
    // Lists too: each tenant's banners are its own.
    const b1 = await get('/api/end-user/banners', 'one.localhost');
    const b2 = await get('/api/end-user/banners', 'two.localhost');
    expect(b2.rawPayload.equals(b1.rawPayload)).toBe(false);
  });

  it('a coupon visit drops the visit counts it changes, in every tenant publishing the store; coupon lists stay', async () => {
    const storeUrl = `/api/end-user/store/store-by-slug?slug=${shared.slug}&per_page=2`;
    const count = async (host: string) =>
      (await get(storeUrl, host)).json<{ data: { store: { visit_count: number } } }>().data.store.visit_count;
    const before = { one: await count('one.localhost'), two: await count('two.localhost') };
    const coupons = '/api/end-user/coupon/coupon-list-by-website?per_page=3';
    await get(coupons);
    // A shopper's signed id (issue 24): without one a reveal counts nothing and drops nothing.
    const visit = await postJson<{ visit_count: number }>(
      t.app,
      '/api/end-user/coupon/record-visit',
      { coupon_id: shared.couponId },
      'one.localhost',
      { cookie: await shopperCookie(t, clock), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
    );
    expect(visit.status).toBe(200);
    expect(await count('one.localhost')).toBe(before.one + 1);
    expect(await count('two.localhost')).toBe(before.two + 1);
    const top = await getJson<{ _id: string; visit_count: number }[]>(
      t.app,
      '/api/end-user/store/top-visited-stores?limit=100',
    );
    expect(top.body.data.find((s) => s._id === shared.storeId)?.visit_count).toBe(visit.body.data.visit_count);
    expect((await get(coupons)).headers['x-cache']).toBe('HIT');
  });

  it('writes that change no cached answer (newsletter, search record) leave the cache alone', async () => {
    const url = '/api/end-user/coupon/getUniqueCategoryAndCount';
    await get(url, 'three.localhost');
    expect(
      (
        await postJson(
          t.app,
          '/end-user/newsletter/email-subscribe',
          { email_id: 'cache@example.com' },
          'three.localhost',
        )
      ).status,
    ).toBe(200);
    expect((await postJson(t.app, '/api/end-user/search/record', { name: 'shoes' }, 'three.localhost')).status).toBe(
      200,
    );
    expect((await get(url, 'three.localhost')).headers['x-cache']).toBe('HIT');
  });

  it('drops one tenant on invalidateTenant and refreshes everything after the time to live', async () => {
    const url = '/api/end-user/website-data/fetchFooterJS';
    await get(url, 'four.localhost');
    await get(url, 'five.localhost');
    await t.db.query("UPDATE domains SET footer_js = 'console.log(1)' WHERE key IN ('four', 'five')");
    t.app.responseCache.invalidateTenant(domainId('four'));
    expect((await get(url, 'four.localhost')).json<{ data: { footer_js: string } }>().data.footer_js).toBe(
      'console.log(1)',
    );
    const five = await get(url, 'five.localhost');
    expect(five.headers['x-cache']).toBe('HIT');
    clock += 31_000;
    const refreshed = await get(url, 'five.localhost');
    expect(refreshed.headers['x-cache']).toBe('MISS');
    expect(refreshed.json<{ data: { footer_js: string } }>().data.footer_js).toBe('console.log(1)');
  });

  it('serves a cached HTML document as the same bytes and CSP, whose hashes allow its inline scripts', async () => {
    const first = await get('/', 'one.localhost', HTML);
    const second = await get('/', 'one.localhost', HTML);
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    const csp = String(second.headers['content-security-policy']);
    expect(csp).toBe(first.headers['content-security-policy']);
    const sources = scriptSources(csp);
    expect(sources).toContain("'strict-dynamic'");
    expect(sources).not.toContain("'unsafe-inline'");
    const inline = inlineExecutableScripts(second.body);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(sources).toContain(sha256Source(script));
    expect(second.headers['cache-control']).toBe('no-cache');
    const other = await get('/', 'two.localhost', HTML);
    expect(other.body).not.toBe(first.body);
  });

  it('keys an API answer by the parameters its route declares; the handler sees no other (issue 27)', async () => {
    const url = '/api/end-user/coupon/getCouponsBasedOnDomain?page=2&per_page=4';
    const miss = await get(url);
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    for (const busted of [
      `${url}&utm_x=${Math.random()}`,
      `/api/end-user/coupon/getCouponsBasedOnDomain?cb=${Date.now()}&per_page=4&page=2`,
    ]) {
      const hit = await get(busted);
      expect(hit.headers['x-cache'], busted).toBe('HIT');
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    }
    // A declared parameter is still its own answer.
    expect((await get('/api/end-user/coupon/getCouponsBasedOnDomain?page=3&per_page=4')).headers['x-cache']).toBe(
      'MISS',
    );
  });

  it('keys a document by the parameters its page reads: unknown ones, odd spellings and another order hit (issue 27)', async () => {
    const page = `/store/${shared.slug}`;
    const first = await get(`${page}?sort=ending_soon&type=code`, 'one.localhost', HTML);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    for (const url of [
      `${page}?type=code&sort=ending_soon&utm_source=mail&utm_x=${Math.random()}`,
      `${page}?fbclid=abc&sort=ending_soon&show=codes&page=1`,
      `${page}?q=anything&sort=ending_soon&type=code&page=01&layout=two&at=2099-01-01T00:00:00Z`,
    ]) {
      const hit = await get(url, 'one.localhost', HTML);
      expect(hit.headers['x-cache'], url).toBe('HIT');
      expect(hit.body, url).toBe(first.body);
    }
    // What the page reads still makes its own document.
    expect((await get(`${page}?sort=ending_soon&type=deal`, 'one.localhost', HTML)).headers['x-cache']).toBe('MISS');
    // An operator's preview grant never reads the shared copy (a forged one is drawn as the published page).
    expect(
      (await get(`${page}?sort=ending_soon&type=code&grant=x`, 'one.localhost', HTML)).headers['x-cache'],
    ).not.toBe('HIT');
  });

  it("gives each new browser its own signed id with a cached document, never one kept from another's answer", async () => {
    const browser = { ...HTML, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' };
    const idOf = (res: { headers: Record<string, unknown> }) =>
      /^dd_id=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];
    const miss = await get('/', 'three.localhost', browser);
    const hits = [await get('/', 'three.localhost', browser), await get('/', 'three.localhost', browser)];
    const issued = [miss, ...hits].map(idOf);
    expect(hits.map((h) => h.headers['x-cache'])).toEqual(['HIT', 'HIT']);
    expect(issued.every(Boolean)).toBe(true);
    expect(new Set(issued).size).toBe(3);
    expect(String(hits[0]!.headers['set-cookie'])).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    // A browser that holds a valid id, and a crawler, get none; the document's bytes are the same for all.
    const back = await get('/', 'three.localhost', { ...browser, cookie: `dd_id=${issued[1]}` });
    expect(back.headers['set-cookie']).toBeUndefined();
    const bot = await get('/', 'three.localhost', { ...HTML, 'user-agent': 'curl/8.5.0' });
    expect(bot.headers['set-cookie']).toBeUndefined();
    expect(back.body).toBe(miss.body);
    expect(bot.body).toBe(miss.body);
  });

  it('compresses a document once: later requests for it in br or gzip send the kept bytes', async () => {
    const url = '/store/' + shared.slug;
    const br = { ...HTML, 'accept-encoding': 'gzip, deflate, br' };
    const miss = await get(url, 'one.localhost', br);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('br');
    const before = compressionCount();
    const hits = await Promise.all([get(url, 'one.localhost', br), get(url, 'one.localhost', br)]);
    expect(compressionCount()).toBe(before);
    for (const hit of hits) {
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    }
    const plain = await get(url, 'one.localhost', HTML);
    expect(brotliDecompressSync(miss.rawPayload).toString()).toBe(plain.body);
    await get(url, 'one.localhost', { ...HTML, 'accept-encoding': 'gzip' });
    expect(compressionCount()).toBe(before + 1);
    const gz = await get(url, 'one.localhost', { ...HTML, 'accept-encoding': 'gzip' });
    expect(compressionCount()).toBe(before + 1);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses an API answer once, on its miss', async () => {
    const url = '/api/end-user/coupon/getCouponsBasedOnDomain?page=1&per_page=24';
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const before = compressionCount();
    const miss = await get(url, 'two.localhost', br);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(compressionCount()).toBe(before + 1);
    const hit = await get(url, 'two.localhost', br);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    expect(compressionCount()).toBe(before + 1);
  });

  it('keeps store_category_counts equal to the coupons through inserts, updates and deletes', async () => {
    const counts = `SELECT store_id, category, n, n_recommended FROM store_category_counts WHERE n > 0 ORDER BY 1, 2`;
    const truth = `SELECT store_id, category, count(*)::int AS n, (count(*) FILTER (WHERE is_recommended))::int AS n_recommended
      FROM coupons GROUP BY 1, 2 ORDER BY 1, 2`;
    expect(await t.db.query(counts)).toEqual(await t.db.query(truth));
    await t.db.query(
      `UPDATE coupons SET category = 'Moved Here', is_recommended = NOT is_recommended WHERE store_id = $1`,
      [shared.storeId],
    );
    await t.db.query('DELETE FROM coupons WHERE id = $1', [shared.couponId]);
    expect(await t.db.query(counts)).toEqual(await t.db.query(truth));
  });
});

describe('response cache: requests arriving together on a cold answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'two.localhost', ...headers } });

  it('produce it once: one miss, every other request answered from what it stored', async () => {
    for (const [url, headers] of [
      ['/api/end-user/store/getStoresBasedOnDomain?page=1&per_page=12', {}],
      ['/coupons', HTML],
    ] as const) {
      const all = await Promise.all(Array.from({ length: 12 }, () => get(url, headers)));
      expect(all.map((r) => r.statusCode)).toEqual(all.map(() => 200));
      expect(all.filter((r) => r.headers['x-cache'] === 'MISS')).toHaveLength(1);
      expect(all.filter((r) => r.headers['x-cache'] === 'HIT')).toHaveLength(11);
      for (const r of all) expect(r.rawPayload.equals(all[0]!.rawPayload)).toBe(true);
    }
  });

  it('a request whose answer is not kept (a 404 API answer) does not hold the others back', async () => {
    const url = '/api/end-user/store/getStorePage?slug=no-such-store';
    const all = await Promise.all(Array.from({ length: 4 }, () => get(url)));
    for (const r of all) expect(r.statusCode).toBeGreaterThanOrEqual(400);
  });
});
