import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { get, getJson, recordCalls, type Recorded } from './discover';
import { median } from './lighthouse';
import { load, type LoadFigures } from './load';
import { freePort, memoryOf, spawnTsx, waitForOk } from './proc';

// API throughput against the limit: each page's calls, replayed by autocannon on the server and on a bare Fastify route.

export const HOST = 'one.localhost';
export interface Targets { storeSlug: string; storeName: string; category: string; term: string }
export interface GroupResult { name: string; paths: string[]; server: LoadFigures; limit: LoadFigures | null; ratio: number | null }
export interface Unloaded { path: string; medianMs: number; bytes: number }
export interface ApiResult { dataset: string; targets: Targets; groups: GroupResult[]; unloaded: Unloaded[]; peakRssDuringLoad: number | null; errors: string[] }

interface Envelope<T> { data: T }

/** A store, a category and a search term that exist in the tenant's data. */
export async function findTargets(port: number): Promise<Targets> {
  const stores = await getJson<Envelope<{ slug: string; name: string }[]>>(port, '/api/end-user/store/getActiveStoresBasedOnDomain?page=1&per_page=1', HOST);
  const cats = await getJson<Envelope<{ category: string }[]>>(port, '/api/end-user/coupon/getUniqueCategoryAndCount', HOST);
  const store = stores.data[0];
  const category = cats.data[0]?.category;
  if (!store || !category) throw new Error('the tenant has no active store or no category');
  const term = store.name.split(/\s+/)[0]!.slice(0, 5).toLowerCase();
  return { storeSlug: store.slug, storeName: store.name, category, term };
}

export function pageUrls(port: number, t: Targets): { name: string; url: string }[] {
  const base = `http://${HOST}:${port}`;
  return [
    { name: 'home', url: `${base}/` },
    { name: 'store page', url: `${base}/store/${encodeURIComponent(t.storeSlug)}` },
    { name: 'search', url: `${base}/searchpage?q=${encodeURIComponent(t.term)}` },
  ];
}

/** Samples the server's RSS every 200 ms while `work` runs; returns the highest sample. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peak: number | null }> {
  let peak: number | null = null;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m) peak = Math.max(peak ?? 0, m.rss);
  }, 200);
  try {
    return { value: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

export async function measureApi(opts: {
  dataset: string; port: number; serverPid: number; workDir: string; seconds: number; warmup: number; log: (m: string) => void;
}): Promise<ApiResult> {
  const { port, log } = opts;
  const errors: string[] = [];
  const targets = await findTargets(port);
  const calls = await recordCalls(pageUrls(port, targets));
  const groups = Object.entries(calls).map(([name, paths]) => ({ name: `${name} (document + ${paths.length - 1} API calls)`, paths }));
  // Search alone too: the target for search on the large catalogue. When the page made no search call
  // (its results inlined in the document), the calls the search page makes are replayed all the same.
  const recordedSearch = (calls.search ?? []).filter((p) => /search/i.test(p) && !p.startsWith('/searchpage'));
  const term = encodeURIComponent(targets.term);
  const searchCalls = recordedSearch.length ? recordedSearch : [
    `/end-user/store/search-store?search=${term}&page=1&per_page=12`,
    `/end-user/coupon/search-coupon?search=${term}&page=1&per_page=12`,
  ];
  groups.push({ name: 'search API only', paths: searchCalls });
  const recorded: Recorded[] = [];
  const unloaded: Unloaded[] = [];
  for (const p of new Set(groups.flatMap((g) => g.paths))) {
    const r = await get(port, p, HOST);
    if (r.status !== 200) errors.push(`GET ${p} answered ${r.status} before the load`);
    recorded.push(r);
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await get(port, p, HOST);
      times.push(performance.now() - t0);
    }
    unloaded.push({ path: p, medianMs: median(times) ?? 0, bytes: r.body.length });
  }
  const file = path.join(opts.workDir, `responses-${opts.dataset}.json`);
  await writeFile(file, JSON.stringify(recorded.map((r) => ({ path: r.path, contentType: r.contentType, body: r.body.toString('base64') }))));
  const barePort = await freePort(port + 1);
  const bare = spawnTsx('src/bench/bare-server.ts', [file], { PORT: String(barePort) }, barePort);
  let bareUp = true;
  try {
    await waitForOk(`http://127.0.0.1:${barePort}/__bare/healthz`, bare, 30_000);
  } catch (err) {
    bareUp = false;
    errors.push(`bare Fastify limit server: ${(err as Error).message}`);
  }
  const results: GroupResult[] = [];
  let peakRss: number | null = null;
  try {
    for (const g of groups) {
      log(`  load ${opts.dataset} / ${g.name}: ${g.paths.length} path(s)`);
      const { value: server, peak } = await sampled(opts.serverPid, () => load(port, g.paths, HOST, opts.seconds, opts.warmup));
      if (peak !== null) peakRss = Math.max(peakRss ?? 0, peak);
      const limit = bareUp ? await load(barePort, g.paths, HOST, opts.seconds, opts.warmup) : null;
      const ratio = limit && limit.reqPerSec > 0 ? server.reqPerSec / limit.reqPerSec : null;
      log(`    server ${Math.round(server.reqPerSec)} req/s p99 ${server.p99} ms; limit ${limit ? Math.round(limit.reqPerSec) : '-'} req/s`);
      results.push({ ...g, server, limit, ratio });
    }
  } finally {
    await bare.stop();
  }
  return { dataset: opts.dataset, targets, groups: results, unloaded, peakRssDuringLoad: peakRss, errors };
}
