import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { get, getJson, recordPages, type Recorded } from './discover';
import { ACCEPT_FOR, CODINGS, ENCODINGS, type Coding, type Encoding } from './encoding';
import { median } from './lighthouse';
import { load, type LoadFigures } from './load';
import { freePort, memoryOf, spawnTsx, waitForOk, waitIdle } from './proc';
import type { StoredResponse } from './reference-store';

// Throughput against the limit: each page's calls, the built assets and a whole first visit, replayed by autocannon on
// the server and on a bare Fastify route serving the same bytes — once with a browser's Accept-Encoding, once without.

export const HOST = 'one.localhost';
export interface Targets {
  storeSlug: string;
  storeName: string;
  category: string;
  term: string;
}
/** page: a document and the calls its page makes; api: API calls alone; asset: one built file; visit: a whole first visit. */
export type GroupKind = 'page' | 'api' | 'asset' | 'visit';
export interface GroupResult {
  name: string;
  kind: GroupKind;
  encoding: Encoding;
  paths: string[];
  server: LoadFigures;
  limit: LoadFigures | null;
  ratio: number | null;
}
/** How one replayed path is served: bytes without Accept-Encoding, and what a browser's Accept-Encoding got from each side. */
export interface ServedPath {
  path: string;
  identityBytes: number;
  server: { coding: string; bytes: number; xCache: string | null };
  /** What the bare-Fastify limit sent for the same request, and where its bytes came from. */
  reference: { coding: string; bytes: number; source: 'server bytes' | 'build copies' | 'compressed at start' } | null;
}
export interface Unloaded {
  path: string;
  medianMs: number;
  bytes: number;
  coding: string;
}
/** One first visit of the home: the requests replayed per simulated shopper. */
export interface VisitPlan {
  page: string;
  paths: string[];
  byType: Record<string, { count: number; bytes: number }>;
  left: string[];
}
export interface ApiResult {
  dataset: string;
  targets: Targets;
  groups: GroupResult[];
  served: ServedPath[];
  unloaded: Unloaded[];
  visit: VisitPlan | null;
  peakRssDuringLoad: number | null;
  errors: string[];
}

interface Envelope<T> {
  data: T;
}

/** A store, a category and a search term that exist in the tenant's data. */
export async function findTargets(port: number): Promise<Targets> {
  const stores = await getJson<Envelope<{ slug: string; name: string }[]>>(
    port,
    '/api/end-user/store/getActiveStoresBasedOnDomain?page=1&per_page=1',
    HOST,
  );
  const cats = await getJson<Envelope<{ category: string }[]>>(
    port,
    '/api/end-user/coupon/getUniqueCategoryAndCount',
    HOST,
  );
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

/** The framework chunk and the stylesheet(s) of the build: the assets every first visit fetches. */
async function assetGroups(clientDir: string): Promise<{ name: string; kind: GroupKind; paths: string[] }[]> {
  const files = await readdir(path.join(clientDir, 'assets'));
  const framework = files.filter((f) => /^framework-.+\.js$/.test(f));
  const css = files.filter((f) => f.endsWith('.css'));
  if (!framework.length || !css.length) throw new Error(`no framework chunk or stylesheet in ${clientDir}/assets`);
  return [
    { name: 'framework chunk', kind: 'asset', paths: framework.map((f) => `/assets/${f}`) },
    { name: 'stylesheet', kind: 'asset', paths: css.map((f) => `/assets/${f}`) },
  ];
}

/** The same-origin GETs of one first visit that answered 200, in order; the rest are listed as left out. */
function visitPlan(page: string, rec: Awaited<ReturnType<typeof recordPages>>[string]): VisitPlan {
  const byType: VisitPlan['byType'] = {};
  const paths: string[] = [];
  const left: string[] = rec.crossOrigin ? [`${rec.crossOrigin} request(s) to other origins`] : [];
  for (const r of rec.requests) {
    if (r.status !== 200) {
      left.push(`${r.path} (${r.status})`);
      continue;
    }
    paths.push(r.path);
    const t = (byType[r.type] ??= { count: 0, bytes: 0 });
    t.count++;
    t.bytes += r.transferBytes;
  }
  return { page, paths, byType, left };
}

type Group = { name: string; kind: GroupKind; paths: string[] };
type MeasureOptions = {
  dataset: string;
  port: number;
  serverPid: number;
  workDir: string;
  seconds: number;
  warmup: number;
  log: (m: string) => void;
  /** The client build the server serves: with it, the asset rows and the first visit are measured too. */
  clientDir: string | null;
};

export async function measureApi(opts: MeasureOptions): Promise<ApiResult> {
  const { port, clientDir } = opts;
  const errors: string[] = [];
  const targets = await findTargets(port);
  const { groups, visit } = await loadGroups(port, targets, clientDir);
  const { stored, served, unloaded } = await recordServed(port, groups, clientDir, errors);
  const file = path.join(opts.workDir, `responses-${opts.dataset}.json`);
  await writeFile(file, JSON.stringify(stored));
  const barePort = await freePort(port + 1);
  const bare = spawnTsx('src/bench/bare-server.ts', [file], { PORT: String(barePort) }, barePort);
  let bareUp = true;
  try {
    await waitForOk(`http://127.0.0.1:${barePort}/__bare/healthz`, bare, 60_000);
  } catch (err) {
    bareUp = false;
    errors.push(`bare Fastify limit server: ${(err as Error).message}`);
  }
  for (const s of bareUp ? served : []) await compareReference(barePort, s, stored);
  let loaded: { results: GroupResult[]; peakRss: number | null };
  try {
    loaded = await loadAll(opts, groups, bareUp ? barePort : null, bare.proc.pid ?? 0);
  } finally {
    await bare.stop();
  }
  return {
    dataset: opts.dataset,
    targets,
    groups: loaded.results,
    served,
    unloaded,
    visit,
    peakRssDuringLoad: loaded.peakRss,
    errors,
  };
}

/** The rows to load: each page's calls, search alone, and with a client build its assets and a whole first visit. */
async function loadGroups(
  port: number,
  targets: Targets,
  clientDir: string | null,
): Promise<{ groups: Group[]; visit: VisitPlan | null }> {
  const pages = await recordPages(pageUrls(port, targets));
  const groups: Group[] = Object.entries(pages).map(([name, rec]) => ({
    name: `${name} (document + ${rec.calls.length - 1} API calls)`,
    kind: 'page',
    paths: rec.calls,
  }));
  // Search alone too: the issue's target for search on the large catalogue. When the page made no search call
  // (its results inlined in the document), the calls the search page makes are replayed all the same.
  const recordedSearch = (pages.search?.calls ?? []).filter((p) => /search/i.test(p) && !p.startsWith('/searchpage'));
  const term = encodeURIComponent(targets.term);
  const searchCalls = recordedSearch.length
    ? recordedSearch
    : [
        `/end-user/store/search-store?search=${term}&page=1&per_page=12`,
        `/end-user/coupon/search-coupon?search=${term}&page=1&per_page=12`,
      ];
  groups.push({ name: 'search API only', kind: 'api', paths: searchCalls });
  let visit: VisitPlan | null = null;
  if (clientDir) {
    groups.push(...(await assetGroups(clientDir)));
    const home = pages.home;
    if (home) {
      visit = visitPlan(`home ${HOST}`, home);
      groups.push({
        name: `first visit: home ${HOST} (${visit.paths.length} requests)`,
        kind: 'visit',
        paths: visit.paths,
      });
    }
  }
  return { groups, visit };
}

// Record every path as the server sends it in each coding: the reference answers with the same bytes.
async function recordServed(port: number, groups: Group[], clientDir: string | null, errors: string[]) {
  const stored: StoredResponse[] = [];
  const served: ServedPath[] = [];
  const unloaded: Unloaded[] = [];
  for (const p of new Set(groups.flatMap((g) => g.paths))) {
    const got = {} as Record<Coding, Recorded>;
    for (const c of CODINGS) got[c] = await get(port, p, HOST, ACCEPT_FOR[c]);
    const bad = CODINGS.filter((c) => got[c].status !== 200);
    if (bad.length)
      errors.push(`GET ${p} answered ${bad.map((c) => `${got[c].status} (${c})`).join(', ')} before the load`);
    const built = clientDir && p.startsWith('/assets/') ? path.join(clientDir, p.split('?')[0]!) : null;
    const file = built && existsSync(built) ? built : null;
    const entry: StoredResponse = { path: p, contentType: got.identity.contentType };
    if (file) entry.file = file;
    else
      entry.variants = Object.fromEntries(
        CODINGS.map((c) => [c, { coding: got[c].coding, body: got[c].body.toString('base64') }]),
      );
    stored.push(entry);
    served.push({
      path: p,
      identityBytes: got.identity.body.length,
      server: { coding: got.br.coding, bytes: got.br.body.length, xCache: got.br.xCache },
      reference: null,
    });
    unloaded.push({ path: p, medianMs: await unloadedMs(port, p), bytes: got.br.body.length, coding: got.br.coding });
  }
  return { stored, served, unloaded };
}

/** The median time of one request for the path, with nothing else running. */
async function unloadedMs(port: number, p: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await get(port, p, HOST, ACCEPT_FOR.br);
    times.push(performance.now() - t0);
  }
  return median(times) ?? 0;
}

/** What the bare reference sends for the path, beside what the server sent. */
async function compareReference(barePort: number, s: ServedPath, stored: StoredResponse[]): Promise<void> {
  const r = await get(barePort, s.path, HOST, ACCEPT_FOR.br);
  const file = stored.find((x) => x.path === s.path)?.file;
  const source = !file
    ? 'server bytes'
    : existsSync(`${file}.br`) && existsSync(`${file}.gz`)
      ? 'build copies'
      : 'compressed at start';
  s.reference = { coding: r.coding, bytes: r.body.length, source };
}

/** Every row loaded on the server, then on the bare reference (null: it did not start) for its limit. */
async function loadAll(opts: MeasureOptions, groups: Group[], barePort: number | null, barePid: number) {
  const { port, log } = opts;
  const results: GroupResult[] = [];
  let peakRss: number | null = null;
  for (const g of groups) {
    // A whole visit only as a browser makes it; every other row in both codings.
    for (const encoding of g.kind === 'visit' ? (['browser'] as const) : ENCODINGS) {
      log(`  load ${opts.dataset} / ${g.name} / ${encoding}: ${g.paths.length} path(s)`);
      await waitIdle([opts.serverPid, barePid]);
      const { value: server, peak } = await sampled(opts.serverPid, () =>
        load(port, g.paths, HOST, opts.seconds, opts.warmup, encoding),
      );
      if (peak !== null) peakRss = Math.max(peakRss ?? 0, peak);
      await waitIdle([opts.serverPid]);
      const limit = barePort !== null ? await load(barePort, g.paths, HOST, opts.seconds, opts.warmup, encoding) : null;
      const ratio = limit && limit.reqPerSec > 0 ? server.reqPerSec / limit.reqPerSec : null;
      log(
        `    server ${Math.round(server.reqPerSec)} req/s p99 ${server.p99} ms; limit ${limit ? Math.round(limit.reqPerSec) : '-'} req/s p99 ${limit?.p99 ?? '-'} ms`,
      );
      results.push({ ...g, encoding, server, limit, ratio });
    }
  }
  return { results, peakRss };
}
