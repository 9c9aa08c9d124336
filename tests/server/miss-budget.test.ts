import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVER_BUDGET_HOLD_MS, TOO_MANY_MISSES } from '../../src/server/cache/response-cache';
import { DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 27 item 4: answers drawn afresh (cache misses) are a budget per client network; hits are never counted, and
// another network keeps its own budget, so one client asking for ever-new addresses cannot slow everyone else.
const HTML = { accept: 'text/html' };

describe.each(DATABASES)('the miss budget (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: { misses: { max: 3, timeWindow: 60_000 } } });
  });
  afterAll(() => t.close());

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { host: 'one.localhost', ...headers } });

  it('answers a network past its budget 429 with Retry-After, in words, as a page or as JSON', async () => {
    const client = '203.0.113.10';
    for (const q of ['a1', 'a2', 'a3']) {
      const page = await get(`/searchpage?q=${q}`, client, HTML);
      expect(page.statusCode, q).toBe(200);
      expect(page.headers['x-cache']).toBe('MISS');
    }
    const asked = Date.now();
    const page = await get('/searchpage?q=a4', client, HTML);
    expect(page.statusCode).toBe(429);
    // Held before it is refused: a client over its budget asks a few times a second, not thousands.
    expect(Date.now() - asked).toBeGreaterThanOrEqual(OVER_BUDGET_HOLD_MS - 50);
    expect(Number(page.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Too many requests');
    expect(page.body).toContain(TOO_MANY_MISSES);

    // Another address of the same /24 shares the budget; an API miss is answered in JSON.
    const api = await get('/end-user/store/search-store?search=zz&page=1&per_page=5', '203.0.113.77');
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual({ success: false, message: TOO_MANY_MISSES });
  });

  it('never counts a hit: a page already drawn is answered to that network as before', async () => {
    const client = '203.0.113.10';
    for (let i = 0; i < 5; i++) {
      const hit = await get('/searchpage?q=a1&utm_source=x', client, HTML);
      expect(hit.statusCode).toBe(200);
      expect(hit.headers['x-cache']).toBe('HIT');
    }
  });

  it('keeps another network its own budget', async () => {
    const other = await get('/searchpage?q=b1', '198.51.100.7', HTML);
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-cache']).toBe('MISS');
  });
});

describe('the miss budget and the server’s own calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { rateLimits: { misses: { max: 2, timeWindow: 60_000 } } });
  });
  afterAll(() => t.close());

  it('counts a page once for its shopper, never the answers the server asks itself for to draw it', async () => {
    const slugs = (
      await t.db.query<{ slug: string }>(
        `SELECT s.slug FROM stores s JOIN domain_stores ds ON ds.store_id = s.id JOIN domains d ON d.id = ds.domain_id
         WHERE d.key = 'one' AND NOT s.is_archived AND NOT s.is_paused ORDER BY s.slug LIMIT 4`,
      )
    ).map((r) => r.slug);
    expect(slugs).toHaveLength(4);
    // Four shoppers on four networks, each asking for one new store page: each page asks the API for its store.
    for (const [i, slug] of slugs.entries()) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/store/${slug}`,
        remoteAddress: `198.51.${100 + i}.7`,
        headers: { host: 'one.localhost', ...HTML },
      });
      expect(page.statusCode, slug).toBe(200);
      expect(page.headers['x-cache']).toBe('MISS');
    }
  });
});
