import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium, expect, test, type Request } from '@playwright/test';
import { navigateInApp } from '../e2e/helpers';
import { rssOf, startServer, TENANT, type ServerChild } from './server';
import { DeadlinePassed, untilFound } from '../helpers/wait';

// Issue 6 point 5: a 60-second load at 100 connections on the home's calls leaves zero errors and no growing memory.

const SECONDS = 60;
const CONNECTIONS = 100;
/** Samples before this are the warm-up (JIT, caches filling, heap sizing) and are not judged. */
const WARMUP_S = 20;
/** Every this many seconds the server runs a full GC (SIGUSR2 → server-preload.ts) and its memory is read right after. */
const GC_EVERY_S = 5;
const MB = 1024 * 1024;

let server: ServerChild;
let gcDir: string;
let gcLog: string;
test.beforeAll(async () => {
  gcDir = mkdtempSync(path.join(os.tmpdir(), 'dealdeck-gc-'));
  gcLog = path.join(gcDir, 'gc.jsonl');
  server = await startServer({ nodeArgs: ['--expose-gc'], env: { RESILIENCE_GC_LOG: gcLog } });
});
test.afterAll(async () => {
  await server?.dispose();
  if (gcDir) rmSync(gcDir, { recursive: true, force: true });
});

interface GcSample {
  at: number;
  gc: boolean;
  rss: number;
  heapUsed: number;
}
const gcSamples = (): GcSample[] =>
  existsSync(gcLog)
    ? readFileSync(gcLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as GcSample)
    : [];

/**
 * The same-origin GETs of a shopper's visits to the tenant's home (the document first): the document (drawn on the
 * server with its data inlined), and the API calls its sections make when the shopper comes from another page.
 */
async function homeCalls(port: number): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const origin = `http://${TENANT}:${port}`;
    const calls = new Set<string>();
    const inFlight = new Set<Request>();
    page.on('request', (req) => {
      inFlight.add(req);
      const u = new URL(req.url());
      if (u.origin === origin && req.method() === 'GET' && ['fetch', 'xhr'].includes(req.resourceType()))
        calls.add(u.pathname + u.search);
    });
    page.on('requestfinished', (req) => inFlight.delete(req));
    page.on('requestfailed', (req) => inFlight.delete(req));
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.goto(`${origin}/aboutus`, { waitUntil: 'networkidle' });
    calls.clear();
    await navigateInApp(page, '/');
    // The in-app home is drawn (its navigation already reached networkidle: that state says nothing here): its calls
    // went out, no section shows a loading state any more, and every request it made has been answered.
    await expect.poll(() => calls.size, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
    await expect.poll(() => inFlight.size, { timeout: 10_000 }).toBe(0);
    return ['/', ...calls];
  } finally {
    await browser.close();
  }
}

/** Least-squares slope of y over x. */
function slope(points: { t: number; v: number }[]): number {
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const mv = points.reduce((s, p) => s + p.v, 0) / n;
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.v - mv), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

test(`${SECONDS} s at ${CONNECTIONS} connections on the home's calls: no errors, no memory growth`, async () => {
  const paths = await homeCalls(server.port);
  expect(paths.length, `the home made no API calls: ${paths.join(' ')}`).toBeGreaterThan(1);

  const samples: { t: number; v: number }[] = [];
  const t0 = Date.now();
  const timer = setInterval(() => {
    const rss = rssOf(server.pid);
    if (rss !== null) samples.push({ t: (Date.now() - t0) / 1000, v: rss / MB });
  }, 1000);
  // After each full GC: RSS from /proc (what the issue asks about) — garbage is gone, so what stays is retained.
  const afterGc: { t: number; v: number; heap: number }[] = [];
  /** The reads of the GC hook's lines still under way (the samples are judged once they are all in). */
  const gcReads: Promise<void>[] = [];
  const gcTimer = setInterval(() => {
    const sentAt = Date.now();
    process.kill(server.pid, 'SIGUSR2');
    gcReads.push(
      (async () => {
        // The hook's line for this signal (a full GC under load can take a moment), then RSS; a signal the hook
        // never answered within 3 s gives no sample (the count of samples is judged below).
        const gc = await untilFound(() => gcSamples().find((g) => g.at >= sentAt), {
          message: 'the GC hook line',
          timeoutMs: 3_000,
          everyMs: 150,
        }).catch((err: unknown) => {
          if (err instanceof DeadlinePassed) return undefined;
          throw err;
        });
        const rss = rssOf(server.pid);
        if (gc && rss !== null) afterGc.push({ t: (sentAt - t0) / 1000, v: rss / MB, heap: gc.heapUsed / MB });
      })(),
    );
  }, GC_EVERY_S * 1000);
  const statuses = new Map<number, number>();
  let result: autocannon.Result;
  try {
    result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.origin,
          connections: CONNECTIONS,
          pipelining: 1,
          duration: SECONDS,
          timeout: 10,
          headers: { host: TENANT, 'domain-name': TENANT, accept: 'application/json, text/html' },
          requests: paths.map((path) => ({ method: 'GET' as const, path })),
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
      instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
    });
  } finally {
    clearInterval(timer);
    clearInterval(gcTimer);
  }
  await Promise.all(gcReads);

  const judged = afterGc.filter((s) => s.t >= WARMUP_S);
  const perMinute = slope(judged) * 60;
  const heapPerMinute = slope(judged.map((s) => ({ t: s.t, v: s.heap }))) * 60;
  const third = Math.max(1, Math.floor(judged.length / 3));
  const early = median(judged.slice(0, third).map((s) => s.v));
  const late = median(judged.slice(-third).map((s) => s.v));
  const summary = {
    paths,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(statuses),
    gcHookActive: gcSamples().some((g) => g.gc),
    afterFullGcMB: {
      rssAtWarmupEnd: Math.round(early),
      rssAtEnd: Math.round(late),
      rssSlopePerMinute: Math.round(perMinute * 10) / 10,
      heapUsedSlopePerMinute: Math.round(heapPerMinute * 10) / 10,
      rss: afterGc.map((s) => Math.round(s.v)),
      heapUsed: afterGc.map((s) => Math.round(s.heap * 10) / 10),
    },
    rssEverySecondMB: samples.map((s) => Math.round(s.v)),
    rssPeakMB: Math.round(Math.max(...samples.map((s) => s.v))),
  };
  await test
    .info()
    .attach('load-summary.json', { body: JSON.stringify(summary, null, 2), contentType: 'application/json' });
  console.log(`[resilience] load: ${JSON.stringify(summary)}`);

  expect(server.exited(), `the server died under load:\n${server.output()}`).toBe(false);
  expect(result.requests.total, 'the load made hardly any requests').toBeGreaterThan(CONNECTIONS * 10);
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
  });
  expect(summary.gcHookActive, 'the server did not run the GC hook (node --expose-gc, server-preload.ts)').toBe(true);
  expect(judged.length, 'too few memory samples after the warm-up').toBeGreaterThanOrEqual(
    Math.floor((SECONDS - WARMUP_S) / GC_EVERY_S) - 1,
  );
  // No sustained growth after the warm-up, measured right after full collections (no garbage sawtooth):
  // - the JS heap that survives a full GC (retained objects: caches, listeners, closures) is flat: its trend over the
  //   last 40 s stays under 6 MB/min and the last third sits within 8 MB of the first;
  // - RSS (native memory too: PGlite's WebAssembly heap, buffers) ends within 48 MB of where the warm-up left it. V8 and
  //   the allocator keep or return whole pages in steps of tens of MB, so RSS gets a looser bound than the heap.
  const heapEarly = median(judged.slice(0, third).map((s) => s.heap));
  const heapLate = median(judged.slice(-third).map((s) => s.heap));
  const rssSeries = summary.afterFullGcMB.rss.join(' ');
  const heapSeries = summary.afterFullGcMB.heapUsed.join(' ');
  expect(
    heapPerMinute,
    `heap retained after full GC, trend after warm-up (MB/min); samples: ${heapSeries}`,
  ).toBeLessThan(6);
  expect(
    heapLate - heapEarly,
    `heap retained after full GC, growth between the first and last third after warm-up (MB); samples: ${heapSeries}`,
  ).toBeLessThan(8);
  expect(
    late - early,
    `RSS after full GC, growth between the first and last third after warm-up (MB); samples: ${rssSeries}`,
  ).toBeLessThan(48);
});
