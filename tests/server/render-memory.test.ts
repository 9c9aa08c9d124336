import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByHost } from '../../src/server/db/repositories/domains';
import { startTestApp, type TestApp } from './helpers/test-app';

// Issue 12 item 6: the server-rendering bundle keeps no per-URL state, so distinct search terms cannot grow the heap.
type Transport = (url: string, init: RequestInit) => Promise<Response>;
interface RenderModule {
  renderPage(input: {
    url: string;
    bootstrap: unknown;
    transport: Transport;
    dataTimeoutMs: number;
  }): Promise<{ html: string; complete: boolean }>;
  keyedEntries?: () => number;
}

const SEARCHES = Number(process.env.RENDER_MEMORY_SEARCHES ?? 10_000);
const WARMUP = 500;
/** The heap may move this much over the 10,000 renders (GC noise, JIT code): the leak it catches is 100s of bytes × N. */
const GROWTH_LIMIT_BYTES = 8 * 1024 * 1024;
const ssrDir = path.resolve(`dist/test-render-memory-${process.pid}-ssr`);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function heapAfterGc(): Promise<number> {
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

describe('server rendering of many distinct search URLs', () => {
  let t: TestApp;
  let render: RenderModule;
  beforeAll(async () => {
    const vite = path.join('node_modules', 'vite', 'bin', 'vite.js');
    const built = spawnSync(
      process.execPath,
      [vite, 'build', '--ssr', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'],
      { encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`vite build --ssr failed: ${built.stderr}`);
    t = await startTestApp('pglite');
    render = (await import(pathToFileURL(path.join(ssrDir, 'render.js')).href)) as RenderModule;
  }, 180_000);
  afterAll(async () => {
    await rm(ssrDir, { recursive: true, force: true });
    await t?.close();
  });

  it(`keeps its atom caches bounded and its heap flat over ${SEARCHES} distinct /searchpage?q= renders`, async () => {
    const host = 'one.localhost';
    const tenant = await findTenantByHost(t.db, host);
    if (!tenant) throw new Error(`no tenant ${host}`);
    const bootstrap = {
      host: tenant.host,
      domain: tenant.data,
      layouts: t.layouts.resolve(tenant.data.home_page),
      config: { apiBase: '', assetBase: '/assets/', recaptchaSiteKey: null, analyticsId: null, preview: false },
      queries: [],
    };
    const api = async (url: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { host, 'domain-name': host, accept: 'application/json' },
      });
      return { status: res.statusCode, body: res.body };
    };
    // Each distinct call is answered once by the real API and then from memory, every term's search with one real answer:
    // what is measured is the renderer, not the database or the API's own caches.
    const answers = new Map<string, Promise<{ status: number; body: string }>>();
    const answer = (url: string) => {
      const key = url.includes('/coupon/search-coupon')
        ? 'coupons'
        : url.includes('/store/search-store')
          ? 'stores'
          : url;
      let found = answers.get(key);
      if (!found)
        answers.set(key, (found = api(key === url ? url : `${url.split('?')[0]}?search=a&page=1&per_page=12`)));
      return found;
    };
    const transport: Transport = async (url) => {
      const { status, body } = await answer(url);
      return new Response(body, { status, headers: { 'content-type': 'application/json' } });
    };
    const draw = async (i: number) => {
      const out = await render.renderPage({
        url: `/searchpage?q=term-${i}-${'x'.repeat(Math.abs(i) % 40)}`,
        bootstrap,
        transport,
        dataTimeoutMs: 5_000,
      });
      expect(out.complete).toBe(true);
      return out.html;
    };

    expect(await draw(0)).toContain('Search results for “term-0-');
    for (let i = 0; i < WARMUP; i += 1) await draw(i);
    const before = await heapAfterGc();
    const entries = render.keyedEntries?.() ?? Number.POSITIVE_INFINITY;
    for (let i = WARMUP; i < WARMUP + SEARCHES; i += 1) await draw(i);
    const after = await heapAfterGc();

    expect(render.keyedEntries?.() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(entries);
    expect(after - before, `heap ${(before / 2 ** 20).toFixed(1)} → ${(after / 2 ** 20).toFixed(1)} MB`).toBeLessThan(
      GROWTH_LIMIT_BYTES,
    );
  }, 900_000);
});
