import os from 'node:os';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { measureApi, pageUrls, findTargets, HOST, type ApiResult } from './api';
import { buildClient, measureBundle, measureHtml, type BundleResult, type HtmlSize } from './bundle';
import { captureFirstViewport, serveFloor } from './floor';
import { lighthousePage, type LighthouseResult } from './lighthouse';
import { BASELINE_COMMIT, measureAgainstReference, type RelativeLighthouse } from './baseline';
import { benchMail, type MailBench } from './mail';
import { freePort, memoryOf, runCommand, spawnNode, waitForOk, type Child } from './proc';
import { buildServer, SERVER_OUT_DIR } from '../server/build/server-bundle';
import { renderMarkdown } from './report-md';
import { measureHomeScripts, type HomeScripts } from './scripts';
import { measureAttack, measureMisses, type MissAttack, type MissPage } from './misses';
import { benchFeedSyncs, type FeedSyncFigures } from './feeds';
import { MEMORY_REPORT_MARK, SERVER_ENV, SERVER_NODE_FLAGS, type MemoryBreakdown } from '../server/memory';
import { measureInstances, type InstancesResult } from './instances';
import { budgets, PERFORMANCE_BUDGET } from './targets';

// `npm run bench`: build, start the production server on the demo data, measure, write bench/report.json and bench/report.md.
// Each part degrades on its own: a part that fails records why and the rest still runs.

const root = process.cwd();
const num = (name: string, fallback: number) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : fallback);
const settings = {
  lighthouseRuns: num('BENCH_LH_RUNS', 3),
  loadSeconds: num('BENCH_LOAD_SECONDS', 10),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 3),
  largeStores: num('BENCH_LARGE_STORES', 5000),
  largeCoupons: num('BENCH_LARGE_COUPONS', 100_000),
  mailRecipients: num('BENCH_MAIL_RECIPIENTS', 10_000),
};
/**
 * BENCH_PARTS=bundle,scripts,lighthouse,floor,api-demo,api-large,api-pg,instances,mail,misses,feeds picks parts (default: all); a partial
 * run still writes both reports. api-pg and instances need DATABASE_URL (a PostgreSQL database the bench may use: the
 * server migrates it and seeds the demo data when it is empty).
 */
const PARTS = [
  'bundle',
  'scripts',
  'lighthouse',
  'floor',
  'api-demo',
  'api-large',
  'api-pg',
  'instances',
  'mail',
  'misses',
  'feeds',
] as const;
const databaseUrl = process.env.DATABASE_URL || '';
const wanted = new Set(
  (process.env.BENCH_PARTS ?? PARTS.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);
const runs = (p: (typeof PARTS)[number]) => wanted.has(p);
/** BENCH_PAGES="home five.localhost,store page" limits Lighthouse to those pages (default: all nine). */
const onlyPages = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',').map((p) => p.trim())) : null;
/** BENCH_ENFORCE=1: exit 1 when a budget (issue 6 point 2, issue 19 point 4) is broken or could not be measured (CI). */
const enforce = process.env.BENCH_ENFORCE === '1';
/** BENCH_REFERENCE: the commit a short home is measured beside (decision 019); 'off' skips that. */
const reference = process.env.BENCH_REFERENCE === 'off' ? null : process.env.BENCH_REFERENCE || BASELINE_COMMIT;
const clientDir = 'dist/bench';
const outDir = path.join(root, 'bench');
const workDir = path.join(outDir, 'work');
const started = Date.now();
const log = (m: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}`);

export interface ServerMemory {
  dataset: string;
  database: 'PGlite' | 'PostgreSQL';
  peakRssDuringLoad: number | null;
  vmHwm: number | null;
  /** What the server reported its memory made of right after the load (MEMORY_REPORT); null if it did not. */
  breakdown: MemoryBreakdown | null;
}
export interface Report {
  startedAt: string;
  durationSeconds: number;
  /** loadAverage: the 1-minute load average when the run started and ended (absent in older reports). */
  machine: { node: string; cpus: number; platform: string; loadAverage?: { start: number; end: number } };
  settings: typeof settings;
  bundle: BundleResult | null;
  html: HtmlSize[] | null;
  scripts: HomeScripts[] | null;
  lighthouse: LighthouseResult[];
  floor: { page: string; url: string; result: LighthouseResult } | null;
  /** Homes short of performance 95, measured beside the pinned reference commit (decision 019); absent when none. */
  relative?: RelativeLighthouse[] | null;
  api: ApiResult[];
  memory: ServerMemory[];
  /** Three instances beside one over PostgreSQL (needs DATABASE_URL); null when not run. */
  instances: InstancesResult | null;
  /** Issue 14: a digest to BENCH_MAIL_RECIPIENTS (10,000) subscribers reaching a local SMTP sink. */
  mail?: MailBench | null;
  /** Issue 27: documents at never-asked addresses beside React's own rendering, and one client's misses as an attack. */
  misses?: { pages: MissPage[]; attack: MissAttack | null } | null;
  /** Issue 30: a 50,000-record feed synced while a tenant's cached home is loaded, per database. */
  feeds?: { database: string; figures: FeedSyncFigures }[] | null;
  skipped: { part: string; reason: string }[];
}
const report: Report = {
  startedAt: new Date(started).toISOString(),
  durationSeconds: 0,
  machine: {
    node: process.version,
    cpus: os.cpus().length,
    platform: process.platform,
    loadAverage: { start: os.loadavg()[0]!, end: 0 },
  },
  settings,
  bundle: null,
  html: null,
  scripts: null,
  lighthouse: [],
  floor: null,
  api: [],
  memory: [],
  instances: null,
  mail: null,
  misses: null,
  skipped: [],
};

const children = new Set<Child>();
let floorServer: Server | null = null;
async function cleanup(): Promise<void> {
  floorServer?.close();
  await Promise.all([...children].map((c) => c.stop()));
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

async function part<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  log(name);
  try {
    return await work();
  } catch (err) {
    const reason = (err as Error).message.slice(0, 1200);
    log(`${name} could not run: ${reason}`);
    report.skipped.push({ part: name, reason });
    return null;
  }
}

/** BENCH_PORT: the first port the bench tries for the server (the limit server and the floor take the next ones). */
const basePort = num('BENCH_PORT', 8350);

async function startServer(dataDir: string, db = '', wanted = basePort, env: NodeJS.ProcessEnv = {}): Promise<Child> {
  const port = await freePort(wanted);
  // The compiled server, as `npm start` runs it (built just before: see the part below); PGlite unless `db` is given.
  const child = spawnNode(
    path.join(SERVER_OUT_DIR, 'main.js'),
    [],
    {
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: db,
      // The demo data on PostgreSQL too, where demo mode is off by default (issue 25).
      DEMO: '1',
      MEMORY_REPORT: '1',
      // The bench is one client measuring throughput, new pages included: the miss budget is not what it measures.
      MISSES_PER_MINUTE: '1000000',
      ...SERVER_ENV,
      ...env,
    },
    port,
    SERVER_NODE_FLAGS,
  );
  children.add(child);
  await waitForOk(`http://127.0.0.1:${port}/healthz`, child);
  return child;
}
const startStop = {
  start: (url: string) => startServer(url ? 'data/bench-pg' : 'data/bench', url),
  stop: (c: Child) => stopServer(c),
};
async function stopServer(child: Child): Promise<void> {
  await child.stop();
  children.delete(child);
}

/** Asks the server what its memory is made of (SIGUSR2 with MEMORY_REPORT=1) and reads the line it prints. */
async function breakdownOf(server: Child): Promise<MemoryBreakdown | null> {
  try {
    process.kill(server.proc.pid!, 'SIGUSR2');
  } catch {
    return null;
  }
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const at = server.tail().lastIndexOf(MEMORY_REPORT_MARK);
    if (at >= 0) {
      const line = server
        .tail()
        .slice(at + MEMORY_REPORT_MARK.length)
        .split('\n')[0]!;
      try {
        return JSON.parse(line) as MemoryBreakdown;
      } catch {
        /* not all of it printed yet */
      }
    }
  }
  return null;
}

async function apiOn(
  dataset: string,
  server: Child,
  assets: string | null,
  database: ServerMemory['database'] = 'PGlite',
): Promise<void> {
  const pid = server.proc.pid!;
  const api = await part(`API load (${dataset})`, () =>
    measureApi({
      dataset,
      port: server.port,
      serverPid: pid,
      workDir,
      seconds: settings.loadSeconds,
      warmup: settings.warmupSeconds,
      log,
      clientDir: assets,
    }),
  );
  if (api) report.api.push(api);
  report.memory.push({
    dataset,
    database,
    peakRssDuringLoad: api?.peakRssDuringLoad ?? null,
    vmHwm: memoryOf(pid)?.hwm ?? null,
    breakdown: await breakdownOf(server),
  });
}

await rm(workDir, { recursive: true, force: true });
await mkdir(workDir, { recursive: true });
try {
  const built = await part('build the client (vite build --outDir dist/bench)', () =>
    buildClient(root, path.join(root, clientDir)),
  );
  await part('compile the server (dist/server, as npm start runs it)', () => buildServer(root));
  if (built !== null && runs('bundle'))
    report.bundle = await part('bundle sizes', () => measureBundle(path.join(root, clientDir)));

  await rm(path.join(root, 'data/bench'), { recursive: true, force: true });
  const demo = await part('start the server on fresh demo data (data/bench)', () => startServer('data/bench'));
  if (demo) {
    const port = demo.port;
    const tenants = ['one', 'two', 'three', 'four', 'five'].map((t) => `${t}.localhost`).concat('localhost');
    report.html = await part('home HTML per tenant', () => measureHtml(port, tenants));
    if (runs('scripts'))
      report.scripts = await part('scripts each demo home fetches before idle (Chromium)', () =>
        measureHomeScripts(port, tenants),
      );
    const targets = await part('pick a store, a category and a search term', () => findTargets(port));
    const pages = tenants.map((h) => ({ name: `home ${h}`, url: `http://${h}:${port}/` }));
    if (targets) {
      const [, store, search] = pageUrls(port, targets);
      pages.push(
        { name: 'store page', url: store!.url },
        { name: 'category page', url: `http://${HOST}:${port}/category/${encodeURIComponent(targets.category)}` },
        { name: 'search page', url: search!.url },
      );
    }
    for (const p of runs('lighthouse') ? pages.filter((pg) => !onlyPages || onlyPages.has(pg.name)) : []) {
      const r = await part(`lighthouse ${p.name}`, () => lighthousePage(p.name, p.url, settings.lighthouseRuns, log));
      if (r) report.lighthouse.push(r);
    }
    // Decision 019: a home short of 95 is measured again beside the reference, to tell the page from the machine.
    const short = report.lighthouse.filter(
      (l) => l.name.startsWith('home ') && (l.scores.performance ?? 0) < PERFORMANCE_BUDGET,
    );
    if (reference && short.length)
      report.relative = await part(`the reference ${reference.slice(0, 7)} beside HEAD on this machine`, () =>
        measureAgainstReference({
          root,
          commit: reference,
          pages: short.map((l) => ({ name: l.name, url: l.url })),
          headPort: port,
          runs: settings.lighthouseRuns + 4,
          log,
        }),
      );
    if (runs('floor'))
      await part('the floor: static first viewport of the home of one.localhost', async () => {
        const html = await captureFirstViewport(`http://${HOST}:${port}/`);
        await writeFile(path.join(workDir, 'floor.html'), html);
        const floorPort = await freePort(port + 2);
        floorServer = await serveFloor(html, floorPort, port, HOST);
        const url = `http://127.0.0.1:${floorPort}/`;
        report.floor = {
          page: `home ${HOST}`,
          url,
          result: await lighthousePage('floor', url, settings.lighthouseRuns, log),
        };
        floorServer.close();
        floorServer = null;
      });
    if (runs('api-demo')) await apiOn('demo', demo, path.join(root, clientDir));
    if (runs('misses')) {
      const pages = await part('the miss path: pages at never-asked addresses, br, 10 connections', () =>
        measureMisses({
          port,
          host: HOST,
          seconds: settings.loadSeconds,
          workDir,
          ssrFile: path.join(root, `${clientDir}-ssr`, 'render.js'),
          log,
        }),
      );
      report.misses = { pages: pages ?? [], attack: null };
    }
    await stopServer(demo);
    if (runs('misses')) {
      // The attack runs with the miss budget in force (MISSES_PER_MINUTE's default), on the same data.
      const guarded = await part('start the server with the miss budget in force', () =>
        startServer('data/bench', '', basePort, { MISSES_PER_MINUTE: '' }),
      );
      if (guarded) {
        const attack = await part('one client asking for new pages on 20 connections, a cached home beside it', () =>
          measureAttack({
            port: guarded.port,
            attacked: HOST,
            victim: 'two.localhost',
            seconds: settings.loadSeconds,
            workDir,
          }),
        );
        if (attack) {
          report.misses = { pages: report.misses?.pages ?? [], attack };
          log(
            `  two.localhost's home: ${Math.round(attack.alone.reqPerSec)} req/s alone, ` +
              `${Math.round(attack.during.reqPerSec)} during the attack (p99 ${attack.alone.p99} → ${attack.during.p99} ms)`,
          );
        }
        await stopServer(guarded);
      }
    }
  }

  const largeDir = 'data/bench-large';
  if (runs('api-large')) await rm(path.join(root, largeDir), { recursive: true, force: true });
  const seeded = !runs('api-large')
    ? null
    : await part(`seed ${settings.largeStores} stores and ${settings.largeCoupons} coupons (${largeDir})`, async () => {
        const seedCli = path.join(root, 'src/server/db/seed/seed-cli.ts');
        const r = await runCommand(
          process.execPath,
          [
            '--import',
            'tsx',
            seedCli,
            '--stores',
            String(settings.largeStores),
            '--coupons',
            String(settings.largeCoupons),
          ],
          { DATA_DIR: largeDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
        );
        if (r.code !== 0) throw new Error(`seed exited with ${r.code}: ${r.tail.slice(-800)}`);
      });
  if (seeded !== null) {
    const large = await part('start the server on the large catalogue', () => startServer(largeDir));
    if (large) {
      await apiOn('large', large, null);
      await stopServer(large);
    }
  }

  // Issue 17: the same demo on PostgreSQL (memory without PGlite's WASM heap), then three instances beside one.
  const pgParts = ['api-pg', 'instances'].filter((p) => runs(p as (typeof PARTS)[number]));
  if (pgParts.length && !databaseUrl)
    log(`${pgParts.join(', ')}: not run (DATABASE_URL is not set; the report says so where their figures would be)`);
  if (databaseUrl && runs('api-pg')) {
    const pg = await part('start the server on PostgreSQL (DATABASE_URL)', () =>
      startServer('data/bench-pg', databaseUrl),
    );
    if (pg) {
      await apiOn('demo (PostgreSQL)', pg, null, 'PostgreSQL');
      await stopServer(pg);
    }
  }
  if (databaseUrl && runs('instances'))
    await part('three instances beside one (PostgreSQL)', async () => {
      const servers: Child[] = [];
      try {
        for (let i = 0; i < 3; i++)
          servers.push(await startServer(`data/bench-pg-${i}`, databaseUrl, basePort + 3 + i));
        report.instances = await measureInstances({
          servers,
          path: '/',
          host: HOST,
          seconds: settings.loadSeconds,
          warmup: settings.warmupSeconds,
        });
        const i = report.instances;
        log(
          `  one instance ${Math.round(i.one.reqPerSec)} req/s; three ${Math.round(i.three.reqPerSec)} req/s (×${i.scale.toFixed(2)})`,
        );
      } finally {
        for (const s of servers) await stopServer(s);
      }
    });
  if (runs('feeds'))
    report.feeds = await benchFeedSyncs({ databaseUrl, seconds: settings.loadSeconds, part, log, ...startStop });
  if (runs('mail'))
    report.mail = await part(`mail: a digest to ${settings.mailRecipients} subscribers through a local SMTP sink`, () =>
      benchMail({ recipients: settings.mailRecipients, log }),
    );
} finally {
  await cleanup();
  report.durationSeconds = Math.round((Date.now() - started) / 1000);
  if (report.machine.loadAverage) report.machine.loadAverage.end = os.loadavg()[0]!;
  // A partial run never overwrites the full report: it goes to bench/work/ (git-ignored).
  const dir = PARTS.every(runs) ? outDir : workDir;
  await writeFile(path.join(dir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  await writeFile(path.join(dir, 'report.md'), renderMarkdown(report));
  log(`wrote ${path.relative(root, dir)}/report.json and report.md in ${report.durationSeconds} s`);
  if (enforce) {
    const checks = budgets(report);
    for (const c of checks)
      log(`${c.met === true ? 'PASS' : 'FAIL'} ${c.what}: ${c.measured}${c.gap ? ` (${c.gap})` : ''}`);
    for (const sk of report.skipped) log(`FAIL ${sk.part} could not run: ${sk.reason}`);
    const broken = checks.filter((c) => c.met !== true).length + report.skipped.length;
    if (broken > 0 || checks.length === 0) {
      log(`budgets: ${broken} broken or unmeasured`);
      process.exitCode = 1;
    } else log('budgets: all met');
  }
}
