import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { MAX_BYTES, MAX_ROWS } from '../../src/server/routes/admin/csv-read';
import { DATABASES, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 15's CSV import: per-row errors with line numbers on a dry run, nothing written when any row is refused,
// 10,000 rows in one transaction, upserts by offer_id, and the cache of the tenants publishing the stores dropped.
const HEADER = 'offer_id,advertiser,title,description,code,category,start_date,end_date,deeplink,exclusive';

interface Report {
  success: boolean;
  message: string;
  data: {
    dry_run: boolean;
    rows: number;
    created: number;
    updated: number;
    errors: { line: number; column?: string; message: string }[];
  };
}

describe.each(DATABASES)('admin CSV import (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let store: { key: string; slug: string; id: string };
  let category: string;

  const importCsv = async (csv: string | Readable, what = 'coupons', dryRun = false) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/import/${what}${dryRun ? '?dry_run=1' : ''}`,
      payload: csv,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    });
    return { status: res.statusCode, body: res.json<Report>() };
  };
  const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0]!.n;
  const row = (id: string, over: Partial<Record<string, string>> = {}) => {
    const r = {
      offer_id: id,
      advertiser: store.key,
      title: `Offer ${id}`,
      description: 'Ten percent off, "quoted", with a comma',
      code: 'SAVE10',
      category,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      deeplink: `https://network.example/track?o=${id}`,
      exclusive: 'no',
      ...over,
    };
    return HEADER.split(',')
      .map((c) => {
        const v = r[c as keyof typeof r] ?? '';
        return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
      })
      .join(',');
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const login = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: DEMO_ADMIN_EMAIL,
      password: DEMO_ADMIN_PASSWORD,
    });
    token = login.body.data.token;
    const [s] = await t.db.query<{ key: string; slug: string; id: string }>(
      `SELECT s.key, s.slug, s.id FROM stores s JOIN domain_stores d ON d.store_id = s.id
       JOIN domain_hosts h ON h.domain_id = d.domain_id AND h.host = 'one.localhost' ORDER BY s.id LIMIT 1`,
    );
    store = s!;
    category = (await t.db.query<{ name: string }>('SELECT name FROM categories ORDER BY name LIMIT 1'))[0]!.name;
  });
  afterAll(() => t.close());

  it('reports every bad row with its line and column on a dry run, and writes nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM coupons');
    const csv = [
      HEADER,
      row('good-1'),
      row('bad-date', { end_date: '2026-02-30' }), // line 3: no such day
      row('bad-shape', { start_date: '03/04/2026' }), // line 4: ambiguous
      row('unknown-store', { advertiser: 'no-such-store' }), // line 5
      row('good-1'), // line 6: duplicate of line 2
      '',
      row('bad-link', { deeplink: 'javascript:alert(1)' }), // line 8 (after an empty line)
      row('ends-before', { start_date: '2026-05-01', end_date: '2026-04-01' }), // line 9
    ].join('\n');
    const res = await importCsv(csv, 'coupons', true);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.data.dry_run).toBe(true);
    expect(res.body.data.errors.map((e) => [e.line, e.column])).toEqual([
      [3, 'end_date'],
      [4, 'start_date'],
      [5, 'advertiser'],
      [6, 'offer_id'],
      [8, 'deeplink'],
      [9, 'end_date'],
    ]);
    expect(res.body.data.errors[3]!.message).toContain('line 2');
    expect(await count('SELECT count(*)::int AS n FROM coupons')).toBe(before);
  });

  it('imports nothing when one row of many is bad, and names that row', async () => {
    const before = await count('SELECT count(*)::int AS n FROM coupons');
    const lines = [HEADER];
    for (let i = 0; i < 50; i++) lines.push(row(`batch-${i}`, i === 37 ? { category: 'No Such Category' } : {}));
    const res = await importCsv(lines.join('\r\n'));
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('nothing was imported');
    expect(res.body.data.errors).toEqual([expect.objectContaining({ line: 39, column: 'category' })]);
    expect(await count('SELECT count(*)::int AS n FROM coupons')).toBe(before);
  });

  it('refuses a file without the required columns or rows, and an unreadable one, naming the line', async () => {
    expect((await importCsv('offer_id,title\nx,y\n')).body.data.errors[0]).toMatchObject({ line: 1 });
    expect((await importCsv(`${HEADER}\n`)).body.data.errors[0]!.message).toContain('no rows');
    const ragged = await importCsv(`${HEADER}\n${row('a')}\nonly,three,cells\n`);
    expect(ragged.status).toBe(422);
    expect(ragged.body.data.errors[0]).toMatchObject({ line: 3 });
  });

  it('imports 10,000 coupons in one transaction, then updates them by offer_id', async () => {
    const before = await count('SELECT count(*)::int AS n FROM coupons');
    const lines = [HEADER];
    for (let i = 0; i < 10_000; i++) lines.push(row(`bulk-${i}`, { exclusive: i % 10 === 0 ? 'yes' : 'no' }));
    const csv = lines.join('\n');
    const dry = await importCsv(csv, 'coupons', true);
    expect(dry.body).toMatchObject({ success: true, data: { rows: 10_000, created: 0, errors: [] } });
    expect(await count('SELECT count(*)::int AS n FROM coupons')).toBe(before);

    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 10_000, created: 10_000, updated: 0 });
    expect(await count('SELECT count(*)::int AS n FROM coupons')).toBe(before + 10_000);
    expect(await count(`SELECT count(*)::int AS n FROM coupons WHERE key LIKE 'bulk-%' AND is_recommended`)).toBe(1000);
    // the per-store counts the listings read follow (statement triggers)
    expect(await count('SELECT sum(n)::int AS n FROM store_category_counts WHERE store_id = $1', [store.id])).toBe(
      await count('SELECT count(*)::int AS n FROM coupons WHERE store_id = $1', [store.id]),
    );

    const again = await importCsv(
      lines
        .slice(0, 101)
        .join('\n')
        .replace(/Offer bulk-/g, 'Renamed bulk-'),
    );
    expect(again.body.data).toMatchObject({ rows: 100, created: 0, updated: 100 });
    expect(await count(`SELECT count(*)::int AS n FROM coupons WHERE name LIKE 'Renamed bulk-%'`)).toBe(100);

    const audit = await t.db.query<{ action: string; entity: string; after: { rows: number } }>(
      `SELECT action, entity, after FROM admin_audit WHERE action = 'import' ORDER BY id`,
    );
    expect(audit.map((a) => [a.entity, a.after.rows])).toEqual([
      ['coupons', 10_000],
      ['coupons', 100],
    ]);
  });

  it('rolls the whole import back when the database refuses a row mid-way', async () => {
    const before = await count('SELECT count(*)::int AS n FROM coupons');
    // A CHECK the file checks cannot see: the transaction must leave nothing behind.
    await t.db.query(`ALTER TABLE coupons ADD CONSTRAINT test_no_poison CHECK (name <> 'poison')`);
    try {
      const lines = [
        HEADER,
        ...Array.from({ length: 20 }, (_, i) => row(`tx-${i}`, i === 15 ? { title: 'poison' } : {})),
      ];
      const res = await importCsv(lines.join('\n'));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await count('SELECT count(*)::int AS n FROM coupons')).toBe(before);
    } finally {
      await t.db.query('ALTER TABLE coupons DROP CONSTRAINT test_no_poison');
    }
  });

  it('imports stores and publishes them on the tenants named by host', async () => {
    const csv = [
      'store_key,name,slug,website_url,tenants',
      'feed-store-1,Feed Store One,,https://one.example,one.localhost|two.localhost',
      'feed-store-2,Feed Store Two,feed-two,,',
    ].join('\n');
    const res = await importCsv(csv, 'stores');
    expect(res.body.data).toMatchObject({ rows: 2, created: 2, errors: [] });
    const published = await t.db.query<{ host: string }>(
      `SELECT h.host FROM stores s JOIN domain_stores d ON d.store_id = s.id JOIN domain_hosts h ON h.domain_id = d.domain_id
       WHERE s.key = 'feed-store-1' AND h.position = 0 ORDER BY h.host`,
    );
    expect(published.map((p) => p.host)).toEqual(['one.localhost', 'two.localhost']);
    const bad = await importCsv(`store_key,name,slug,tenants\nx1,X,${store.slug},nowhere.localhost\n`, 'stores', true);
    expect(bad.body.data.errors.map((e) => e.column)).toEqual(['slug', 'tenants']);
  });

  it('takes a file of exactly 50,000 rows and refuses one row more with a 413 naming it, writing nothing', async () => {
    const stores = (n: number) =>
      ['store_key,name', ...Array.from({ length: n }, (_, i) => `cap-${i},Cap store ${i}`)].join('\n');
    const before = await count('SELECT count(*)::int AS n FROM stores');
    for (const dryRun of [true, false]) {
      const over = await importCsv(stores(MAX_ROWS + 1), 'stores', dryRun);
      expect(over.status).toBe(413);
      expect(over.body.message).toBe(
        'Row 50,001 (line 50,002) is past the limit of 50,000 rows per file: the rest was not read. Split the file.',
      );
      expect(over.body.data).toMatchObject({ dry_run: dryRun, errors: [{ line: 50_002, message: over.body.message }] });
    }
    expect(await count('SELECT count(*)::int AS n FROM stores')).toBe(before);

    const dry = await importCsv(stores(MAX_ROWS), 'stores', true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ success: true, data: { rows: MAX_ROWS, errors: [] } });
    const res = await importCsv(stores(MAX_ROWS), 'stores');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ rows: MAX_ROWS, created: MAX_ROWS, updated: 0 });
    expect(await count('SELECT count(*)::int AS n FROM stores')).toBe(before + MAX_ROWS);
  });

  it('refuses a body over 20 MB with a 413 and a message, whether or not it says its length', async () => {
    const line = `oversize,${'x'.repeat(1000)}\n`;
    const big = `store_key,name\n${line.repeat(Math.ceil(MAX_BYTES / line.length))}`;
    const declared = await importCsv(big, 'stores', true);
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('The file is larger than 20 MB, the most one import takes: split it.');
    // Sent in pieces without a Content-Length: counted while it is read.
    const pieces = Readable.from(big.match(/[^]{1,65536}/g) ?? []);
    const streamed = await importCsv(pieces, 'stores');
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe(declared.body.message);
    expect(await count(`SELECT count(*)::int AS n FROM stores WHERE key = 'oversize'`)).toBe(0);
  });
});
