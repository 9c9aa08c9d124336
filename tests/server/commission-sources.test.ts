import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommissionSource } from '../../src/shared/contract/commission-sources';
import type { CommissionImportSummary } from '../../src/shared/contract/revenue';
import { fetchFeed } from '../../src/server/feeds/fetch-feed';
import { importDueSources } from '../../src/server/feeds/commission-source-run';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 31, item 2: a report source configured through the console's API, its Awin Transactions API report served
// behind a bearer token by a local HTTP server as the network would serve it: "Import now" imports it, a second
// import doubles nothing, a refused token is kept as the source's last_error (502 with the fetcher's words), the
// schedule's claim runs a due source once, and the token is in no answer.

const TOKEN = 'awin-oauth-token-0123456789';

interface Served {
  url: string;
  requests: () => number;
  close: () => Promise<void>;
}

async function reportServer(body: string): Promise<Served> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end('unauthorised');
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/publishers/812345/transactions/?startDate=2026-02-01T00:00:00`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(DATABASES)('commission report sources (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let served: Served;
  let records: number;
  const answers: string[] = [];

  const admin = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/admin/revenue${url}`,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    answers.push(res.body);
    return { status: res.statusCode, body: res.json<{ success: boolean; message?: string; data: T }>() };
  };
  const commissions = async () =>
    (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM commissions WHERE network = 'awin'"))[0]!.n;

  beforeAll(async () => {
    // No retries: a refused or unreachable URL answers at once.
    t = await startTestApp(kind, { feeds: { fetchFeed: (url, o) => fetchFeed(url, { ...o, retries: 0 }) } });
    token = await demoAdminToken(t.app);
    const text = await readFile('tests/fixtures/revenue/awin-json.json', 'utf8');
    records = (JSON.parse(text) as unknown[]).length;
    served = await reportServer(text);
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    await t?.close();
  });

  let source: CommissionSource;

  it('adds a source with its token, which no answer carries', async () => {
    const res = await admin<CommissionSource>('POST', '/sources', {
      name: 'Awin UK transactions',
      format: 'awin-json',
      url: served.url,
      credentials: { auth: 'bearer', secret: TOKEN },
      every_hours: 0,
    });
    expect(res.status, res.body.message).toBe(201);
    source = res.body.data;
    expect(source).toMatchObject({ auth: 'bearer', has_credentials: true, every_hours: 0, last_import: null });
    const [row] = await t.db.query<{ credentials: string }>('SELECT credentials FROM commission_sources');
    expect(row!.credentials).not.toContain(TOKEN);
    const bad = await admin('POST', '/sources', { name: 'x', format: 'awin-json', url: 'ftp://example.com/r' });
    expect(bad.status).toBe(400);
  });

  it('imports now, and again without doubling anything', async () => {
    const first = await admin<CommissionImportSummary>('POST', `/sources/${source.id}/import`);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.records).toBe(records);
    expect(first.body.data.added).toBeGreaterThan(0);
    const count = await commissions();
    expect(count).toBe(first.body.data.added);
    const second = await admin<CommissionImportSummary>('POST', `/sources/${source.id}/import`);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ added: 0, changed: 0, unchanged: first.body.data.added });
    expect(await commissions()).toBe(count);
    const [imp] = await t.db.query<{ source_id: number; imported_by: string }>(
      'SELECT source_id::int AS source_id, imported_by FROM commission_imports WHERE id = $1',
      [second.body.data.id],
    );
    expect(imp).toEqual({ source_id: source.id, imported_by: `source:${source.id}` });
    const [listed] = (await admin<CommissionSource[]>('GET', '/sources')).body.data;
    expect(listed!.last_import?.id).toBe(second.body.data.id);
    expect(listed!.last_error).toBeNull();
    expect(listed!.last_run_at).not.toBeNull();
  });

  it('keeps a refused token as the last error and answers 502 with it', async () => {
    const patched = await admin<CommissionSource>('PATCH', `/sources/${source.id}`, {
      credentials: { auth: 'bearer', secret: 'wrong-token' },
    });
    expect(patched.status, patched.body.message).toBe(200);
    const res = await admin('POST', `/sources/${source.id}/import`);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/refused the credentials \(HTTP 401\)/);
    const [listed] = (await admin<CommissionSource[]>('GET', '/sources')).body.data;
    expect(listed!.last_error).toBe(res.body.message);
    // The last good import stays shown.
    expect(listed!.last_import).not.toBeNull();
  });

  it('answers 502 for a URL nothing listens at', async () => {
    const closed = await admin<CommissionSource>('POST', '/sources', {
      name: 'Nowhere',
      format: 'awin-json',
      url: 'http://127.0.0.1:1/report.json',
      every_hours: 0,
    });
    const res = await admin('POST', `/sources/${closed.body.data.id}/import`);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/could not be reached/);
    expect((await admin('DELETE', `/sources/${closed.body.data.id}`)).status).toBe(200);
  });

  it('runs a due source once, however many ticks claim it', async () => {
    await admin('PATCH', `/sources/${source.id}`, { credentials: { auth: 'bearer', secret: TOKEN }, every_hours: 6 });
    const before = served.requests();
    const services = t.app.feedRuns.services;
    const [a, b] = await Promise.all([importDueSources(services), importDueSources(services)]);
    expect(a + b).toBe(1);
    expect(await importDueSources(services)).toBe(0);
    expect(served.requests() - before).toBe(1);
    const [listed] = (await admin<CommissionSource[]>('GET', '/sources')).body.data;
    expect(listed!.last_error).toBeNull();
    expect(Date.parse(listed!.next_run_at!)).toBeGreaterThan(Date.now() + 5 * 3_600_000);
  });

  it('removes a source and keeps its transactions', async () => {
    const count = await commissions();
    expect((await admin('DELETE', `/sources/${source.id}`)).status).toBe(200);
    expect((await admin<CommissionSource[]>('GET', '/sources')).body.data).toEqual([]);
    expect(await commissions()).toBe(count);
  });

  it('never sent the token back', () => {
    for (const a of answers) expect(a).not.toContain(TOKEN);
  });
});
