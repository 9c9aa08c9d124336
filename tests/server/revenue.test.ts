import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromKey } from '../../src/server/db/ids';
import { forgetClickNetworks } from '../../src/server/db/repositories/click-outs';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import type { CommissionImportSummary, RevenueView } from '../../src/shared/contract/revenue';
import { CLICK_NETWORK_DAILY_CAP } from '../../src/shared/revenue/click-rules';
import { ADMIN_HOST, DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 31 end to end on a real database: a click-out through /out on two tenants, the tagged redirect, an Awin report
// naming the first click, the revenue view per tenant / coupon / store / layout, and a re-import that moves money
// between columns without adding any.

const ONE = idFromKey('domain', 'one');
const TWO = idFromKey('domain', 'two');
const AWIN = 'https://www.awin1.com/cread.php?awinmid=1001&awinaffid=2002&ued=https%3A%2F%2Fshop.example%2Fdeal';
const today = () => new Date().toISOString().slice(0, 10);
/** The sale's time, the same in every import of the report. */
const SOLD_AT = new Date().toISOString();

const awinReport = (clickRef: string, status: string, id = '900001', amount = 4.5, currency = 'GBP') =>
  JSON.stringify([
    {
      id: Number(id),
      url: 'https://shop.example',
      advertiserId: 1001,
      publisherId: 2002,
      siteName: 'Dealdeck',
      commissionStatus: status,
      commissionAmount: { amount, currency },
      saleAmount: { amount: amount * 10, currency },
      clickRefs: { clickRef },
      clickDate: SOLD_AT,
      transactionDate: SOLD_AT,
      validationDate: null,
      type: 'Commission group transaction',
      declineReason: null,
      voucherCodeUsed: false,
      lapseTime: 3600,
      amended: false,
      amendReason: null,
      oldSaleAmount: null,
      oldCommissionAmount: null,
      clickDevice: 'Windows',
      transactionDevice: 'Windows',
      publisherUrl: null,
      advertiserCountry: 'GB',
      orderRef: 'ORD-1',
      customParameters: null,
      transactionParts: [],
      paidToPublisher: false,
      paymentId: 0,
      transactionQueryId: 0,
      originalSaleAmount: null,
    },
  ]);

describe.each(DATABASES)('revenue (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let shared: { coupon: string; store: string };

  beforeAll(async () => {
    t = await startTestApp(kind, { responseCache: { enabled: false } });
    const login = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: DEMO_ADMIN_EMAIL,
      password: DEMO_ADMIN_PASSWORD,
    });
    token = login.body.data.token;
    const [row] = await t.db.query<{ coupon: string; store: string }>(
      `SELECT c.id AS coupon, c.store_id AS store FROM coupons c
       WHERE NOT c.is_paused AND (SELECT count(*) FROM domain_stores ds
         WHERE ds.store_id = c.store_id AND ds.domain_id IN ($1, $2)) = 2
       ORDER BY c.id LIMIT 1`,
      [ONE, TWO],
    );
    shared = row!;
    await t.db.query('UPDATE coupons SET final_link = $2, expiry_date = NULL WHERE id = $1', [shared.coupon, AWIN]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const out = (host: string, couponId: string, headers: Record<string, string> = {}, ip = '198.51.100.7') =>
    t.app.inject({
      url: `/out/${couponId}?from=store`,
      headers: { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0', ...headers },
      remoteAddress: ip,
    });
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: string | object, type?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
    });
  const view = async (query: string) => {
    const res = await admin('GET', `/api/admin/revenue?from=${today()}&to=${today()}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: RevenueView }>().data;
  };
  const importAwin = async (report: string) => {
    const res = await admin(
      'POST',
      '/api/admin/revenue/imports?format=awin-json&file_name=awin.json',
      report,
      'application/json',
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: CommissionImportSummary }>().data;
  };

  let firstClick = '';

  it('redirects a click-out to the stored link tagged with a new click id, and records what it came from', async () => {
    const res = await out('one.localhost', shared.coupon);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(String(res.headers.location));
    expect(location.host).toBe('www.awin1.com');
    firstClick = location.searchParams.get('clickref') ?? '';
    expect(firstClick).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(location.searchParams.get('ued')).toBe('https://shop.example/deal');
    const [click] = await t.db.query<Record<string, unknown>>('SELECT * FROM click_outs WHERE id = $1', [firstClick]);
    expect(click).toMatchObject({
      domain_id: ONE,
      coupon_id: shared.coupon,
      store_id: shared.store,
      page: 'store',
      affiliate_network: 'awin',
      automated: false,
      network: '198.51.100.0/24',
    });
    expect(String(click!.layout_variant)).not.toBe('unknown');
    // A second click on another tenant gets its own id.
    const second = new URL(String((await out('two.localhost', shared.coupon)).headers.location));
    expect(second.searchParams.get('clickref')).not.toBe(firstClick);
  });

  it('answers a 404 page, and records nothing, for a coupon the tenant does not list or a malformed id', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM click_outs');
    for (const id of ['000000000000000000000000', 'not-an-id', 'ABCDEF0123456789abcdef01']) {
      const res = await out('one.localhost', id);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers.location).toBeUndefined();
    }
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM click_outs');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 404 for a coupon asked for on a tenant that does not publish its store', async () => {
    const [own] = await t.db.query<{ coupon: string }>(
      `SELECT c.id AS coupon FROM coupons c JOIN domain_stores a ON a.store_id = c.store_id AND a.domain_id = $1
       WHERE NOT EXISTS (SELECT 1 FROM domain_stores b WHERE b.store_id = c.store_id AND b.domain_id = $2)
         AND NOT c.is_paused ORDER BY c.id LIMIT 1`,
      [ONE, TWO],
    );
    expect((await out('one.localhost', own!.coupon)).statusCode).toBe(302);
    const elsewhere = await out('two.localhost', own!.coupon);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.headers.location).toBeUndefined();
  });

  it('rate-limits one address replaying click-outs, and records only what it answered', async () => {
    const ip = '192.0.2.77';
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM click_outs');
    const codes: number[] = [];
    for (let i = 0; i < 100; i += 1) codes.push((await out('one.localhost', shared.coupon, {}, ip)).statusCode);
    const redirected = codes.filter((c) => c === 302).length;
    expect(redirected).toBeGreaterThan(0);
    expect(redirected).toBeLessThan(100);
    expect(codes.filter((c) => c !== 302).every((c) => c === 429)).toBe(true);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM click_outs');
    expect(after[0]!.n - before[0]!.n).toBe(redirected);
  });

  it("uses the store's own sub-ID parameter for another network's link", async () => {
    const [other] = await t.db.query<{ coupon: string; store: string; link: string }>(
      `SELECT c.id AS coupon, c.store_id AS store, c.link FROM coupons c JOIN domain_stores ds ON ds.store_id = c.store_id
       WHERE ds.domain_id = $1 AND NOT c.is_paused AND c.id <> $2 AND c.expiry_date < now() ORDER BY c.id LIMIT 1`,
      [ONE, shared.coupon],
    );
    const untagged = new URL(String((await out('one.localhost', other!.coupon)).headers.location));
    expect(untagged.href).toBe(new URL(other!.link).href);
    await t.db.query("UPDATE stores SET sub_id_param = 'subid' WHERE id = $1", [other!.store]);
    const tagged = new URL(String((await out('one.localhost', other!.coupon)).headers.location));
    expect(tagged.host).toBe(untagged.host);
    expect(tagged.searchParams.get('subid')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await t.db.query('UPDATE stores SET sub_id_param = NULL WHERE id = $1', [other!.store]);
  });

  it("keeps a crawler's clicks and those past a network's cap, uncounted", async () => {
    const bot = await out('one.localhost', shared.coupon, { 'user-agent': 'Googlebot/2.1' }, '192.0.2.1');
    const botId = new URL(String(bot.headers.location)).searchParams.get('clickref');
    for (let i = 0; i < CLICK_NETWORK_DAILY_CAP + 2; i += 1)
      await out('one.localhost', shared.coupon, {}, '203.0.113.9');
    const rows = await t.db.query<{ automated: boolean; n: number }>(
      `SELECT automated, count(*)::int AS n FROM click_outs WHERE network = '203.0.113.0/24' GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { automated: false, n: CLICK_NETWORK_DAILY_CAP },
      { automated: true, n: 2 },
    ]);
    const [b] = await t.db.query<{ automated: boolean }>('SELECT automated FROM click_outs WHERE id = $1', [botId]);
    expect(b!.automated).toBe(true);
  });

  it('an Awin report naming the first click pays tenant one only, for that coupon, store and layout', async () => {
    const summary = await importAwin(awinReport(firstClick, 'pending'));
    expect(summary).toMatchObject({ records: 1, added: 1, changed: 0, unchanged: 0, unmatched: 0, refused: 0 });
    await t.db.query(
      "INSERT INTO currency_rates (currency, to_currency, rate) VALUES ('GBP', 'USD', 1.25) ON CONFLICT DO NOTHING",
    );
    const byTenant = await view('by=tenant');
    expect(byTenant.currency).toBe('USD');
    const one = byTenant.rows.find((r) => r.key === ONE)!;
    const two = byTenant.rows.find((r) => r.key === TWO)!;
    expect(one).toMatchObject({ transactions: 1, pending_minor: 563, approved_minor: 0 });
    expect(two).toMatchObject({ transactions: 0, pending_minor: 0, approved_minor: 0, epc_minor: 0 });
    expect(one.clicks).toBeGreaterThan(0);
    expect(one.epc_minor).toBeCloseTo((563 * 100) / one.clicks, 1);
    expect((await view('by=coupon')).rows.find((r) => r.pending_minor > 0)?.key).toBe(shared.coupon);
    expect((await view('by=store')).rows.find((r) => r.pending_minor > 0)?.key).toBe(shared.store);
    const [click] = await t.db.query<{ layout_variant: string }>(
      'SELECT layout_variant FROM click_outs WHERE id = $1',
      [firstClick],
    );
    expect((await view('by=layout')).rows.find((r) => r.pending_minor > 0)?.key).toBe(click!.layout_variant);
    expect((await view(`by=tenant&tenant=${TWO}`)).totals.pending_minor).toBe(0);
  });

  it('re-importing with the state changed moves the amount from pending to approved and adds nothing', async () => {
    const again = await importAwin(awinReport(firstClick, 'approved'));
    expect(again).toMatchObject({ added: 0, changed: 1, unchanged: 0 });
    const one = (await view(`by=tenant&tenant=${ONE}`)).totals;
    expect(one).toMatchObject({ transactions: 1, pending_minor: 0, approved_minor: 563 });
    expect(await importAwin(awinReport(firstClick, 'approved'))).toMatchObject({ added: 0, changed: 0, unchanged: 1 });
    const [n] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commissions');
    expect(n!.n).toBe(1);
  });

  it('keeps and lists a transaction whose sub-ID names no click, and leaves unrated currencies out', async () => {
    const summary = await importAwin(awinReport('NoSuchClick00000', 'pending', '900002', 10, 'SEK'));
    expect(summary.unmatched).toBe(1);
    const list = await admin('GET', '/api/admin/revenue/unmatched');
    expect(list.json<{ data: { transaction_id: string }[] }>().data.map((r) => r.transaction_id)).toContain('900002');
    expect((await view('by=tenant')).unmatched).toBe(1);
  });

  it('refuses a range that ends before it starts, or a report that is not the format, with a message', async () => {
    const res = await admin('GET', '/api/admin/revenue?from=2026-02-01&to=2026-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/range/i);
    const bad = await admin('POST', '/api/admin/revenue/imports?format=awin-json', 'not json at all', 'text/plain');
    expect(bad.statusCode).toBe(200);
    expect(bad.json<{ data: CommissionImportSummary }>().data).toMatchObject({ added: 0, refused: 1 });
    const empty = await admin('POST', '/api/admin/revenue/imports?format=awin-csv', ' ', 'text/csv');
    expect(empty.statusCode).toBe(400);
  });

  it("sums a tenant's money in its reporting currency, listing what no kept rate converts", async () => {
    const set = await admin('PATCH', `/api/admin/revenue/currencies/${ONE}`, { reporting_currency: 'EUR' });
    expect(set.statusCode, set.body).toBe(200);
    const eur = await view(`by=tenant&tenant=${ONE}`);
    expect(eur.currency).toBe('EUR');
    expect(eur.totals.approved_minor).toBe(0);
    expect(eur.unconverted).toEqual([{ currency: 'GBP', commission_minor: 450 }]);
    const rates = await admin('PUT', '/api/admin/revenue/rates', {
      rates: [
        { currency: 'GBP', to_currency: 'USD', rate: 1.25 },
        { currency: 'EUR', to_currency: 'GBP', rate: 0.9 },
      ],
    });
    expect(rates.statusCode, rates.body).toBe(200);
    // Only the reverse pair is kept: GBP → EUR is its inverse (4.50 / 0.9 = 5.00).
    expect((await view(`by=tenant&tenant=${ONE}`)).totals.approved_minor).toBe(500);
    const twice = await admin('PUT', '/api/admin/revenue/rates', {
      rates: [
        { currency: 'GBP', to_currency: 'USD', rate: 1.25 },
        { currency: 'GBP', to_currency: 'USD', rate: 1.3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await admin('PATCH', `/api/admin/revenue/currencies/${ONE}`, { reporting_currency: 'euro' })).statusCode,
    ).toBe(400);
    await admin('PATCH', `/api/admin/revenue/currencies/${ONE}`, { reporting_currency: 'USD' });
  });

  it('refuses a report over the size limit with a 413 and a message, importing nothing', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_imports');
    const huge = `[${'{"id":1},'.repeat(2_400_000)}{"id":2}]`;
    expect(huge.length).toBeGreaterThan(20 * 1024 * 1024);
    const res = await admin('POST', '/api/admin/revenue/imports?format=awin-json', huge, 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/large|size|limit/i);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM commission_imports');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('erases a click network once it is older than the documented days', async () => {
    await t.db.query("UPDATE click_outs SET created_at = now() - interval '8 days' WHERE id = $1", [firstClick]);
    expect(await forgetClickNetworks(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.query<{ network: string | null }>('SELECT network FROM click_outs WHERE id = $1', [
      firstClick,
    ]);
    expect(row!.network).toBeNull();
  });
});
