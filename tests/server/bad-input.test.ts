import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../src/server/app';
import { DATABASES, startTestApp, type TestApp } from './helpers/test-app';

type OpenApi = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
type Route = { method: 'GET' | 'POST'; path: string; query: string[] };

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((n) => String.fromCharCode(n)),
  maxLength: 120,
});
const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '1e400',
    '99999999999999999999',
    '-1',
    '0',
    '',
    'null',
    '[]',
    '{}',
    '%00',
    '\u0000',
    '../../etc/passwd',
    'a'.repeat(5000),
    '0123456789abcdef01234567',
  ),
);
const bodyArb = fc.oneof(
  fc.jsonValue().map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
  fc
    .record({
      coupon_id: queryValue,
      email_id: queryValue,
      name: queryValue,
      email: queryValue,
      message: queryValue,
      password: queryValue,
      type: queryValue,
    })
    .map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
  printable.map((s) => ({ type: 'application/json', payload: `{${s}` })),
  fc
    .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'bogus')
    .chain((type) => printable.map((payload) => ({ type, payload }))),
);

function routesOf(doc: OpenApi): Route[] {
  const out: Route[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      if (m !== 'get' && m !== 'post') continue;
      out.push({
        method: m.toUpperCase() as Route['method'],
        path: p,
        query: (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name),
      });
    }
  }
  return out;
}

describe.each(DATABASES)('bad input never gets a 5xx (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[] = [];
  beforeAll(async () => {
    // High rate limits so the fuzzing reaches the handlers (the 429 path has its own test).
    t = await startTestApp(kind, {
      rateLimits: {
        newsletter: { max: 1e6, timeWindow: 60_000 },
        forms: { max: 1e6, timeWindow: 60_000 },
        votes: { max: 1e6, timeWindow: 60_000 },
        signals: { max: 1e6, timeWindow: 60_000 },
      },
    });
    const docs = await t.app.inject({ url: '/api/docs' });
    routes = routesOf(docs.json<OpenApi>());
  });
  afterAll(() => t.close());

  it('publishes every route in /api/docs', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/end-user/website-data/fetchByDomain',
      'GET /end-user/advertisement/recommendBannerByDomain',
      'GET /end-user/store/search-store',
      'GET /end-user/coupon/search-coupon',
      'POST /end-user/newsletter/email-subscribe',
      'GET /v2/fetch/couponurl',
      'GET /websiteData/fetchAll',
      'GET /end-user/deals-info/',
      'POST /api/end-user/mail/sendMail',
      'POST /system-user/login',
      'GET /users/logout',
      'POST /system-user/register',
      'GET /system-user/logout',
      'GET /api/end-user/store/top-visited-stores',
      'GET /api/end-user/coupon/coupon-by-id',
      'POST /api/end-user/coupon/vote',
    ])
      expect(paths).toContain(p);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('answers random malformed query, body and headers on every route with status < 500', async () => {
    const arb = fc.record({
      route: fc.constantFrom(...routes),
      params: fc.array(
        printable.filter((s) => s.length > 0),
        { minLength: 6, maxLength: 6 },
      ),
      query: fc.array(
        fc.tuple(fc.oneof(fc.constantFrom('page', 'per_page', 'limit', 'search'), printable), queryValue),
        { maxLength: 6 },
      ),
      known: fc.array(queryValue, { minLength: 8, maxLength: 8 }),
      body: bodyArb,
      domain: fc.option(
        fc.oneof(printable, fc.constantFrom('two.localhost', 'TWO.LOCALHOST:1', 'http://one.localhost/x')),
      ),
      auth: fc.option(printable.map((s) => `Bearer ${s}`)),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (x) => {
        let i = 0;
        const url = x.route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(x.params[i++] ?? 'x'));
        const qs = new URLSearchParams();
        x.route.query.forEach((name, k) => qs.append(name, x.known[k % x.known.length] ?? ''));
        for (const [k, v] of x.query) qs.append(k, v);
        const headers: Record<string, string> = { host: 'one.localhost' };
        if (x.domain !== null) headers['domain-name'] = x.domain;
        if (x.auth !== null) headers.authorization = x.auth;
        if (x.route.method === 'POST') headers['content-type'] = x.body.type;
        const res = await t.app.inject({
          method: x.route.method,
          url: `${url}?${qs.toString()}`,
          headers,
          ...(x.route.method === 'POST' ? { payload: x.body.payload } : {}),
        });
        expect(res.statusCode, `${x.route.method} ${url}?${qs} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode >= 300 && res.statusCode < 400) expect(res.headers.location ?? '').not.toMatch(/^https?:/);
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
          const body = res.json<{ success: boolean; message: string }>();
          expect(body.success).toBe(false);
          expect(typeof body.message).toBe('string');
        }
      }),
      { numRuns: 800 },
    );
  });

  const post = (url: string, payload: string, type = 'application/json', host = 'one.localhost') =>
    t.app.inject({ method: 'POST', url, payload, headers: { host, 'content-type': type } });

  it('maps malformed JSON, oversized bodies, unsupported content types and missing fields to 4xx JSON', async () => {
    const malformed = await post('/end-user/newsletter/email-subscribe', '{"email_id": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false });
    const huge = await post(
      '/api/end-user/mail/sendMail',
      JSON.stringify({ name: 'a', email: 'a@example.com', message: 'x'.repeat(BODY_LIMIT) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    const xml = await post('/api/end-user/search/record', '<name>x</name>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    const missing = await post('/api/end-user/search/record', '{}');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('name');
    const proto = await post('/api/end-user/search/record', '{"__proto__": {"x": 1}, "name": "a"}');
    expect(proto.statusCode).toBe(400);
    const nul = await post('/api/end-user/search/record', JSON.stringify({ name: 'a\u0000b' }));
    expect(nul.statusCode).toBeLessThan(500);
  });

  it('answers a missing Host/domain-name with 400 and wrong types with 400', async () => {
    const noHost = await t.app.inject({ url: '/api/end-user/website-data/fetchByDomain', headers: { host: ' ' } });
    expect(noHost.statusCode).toBe(400);
    const wrongType = await post('/api/end-user/coupon/record-visit', JSON.stringify({ coupon_id: 12345 }));
    expect(wrongType.statusCode).toBe(400);
    const arrayBody = await post('/end-user/newsletter/email-subscribe', JSON.stringify(['a@example.com']));
    expect(arrayBody.statusCode).toBe(400);
  });
});
