import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { MAX_BYTES, MAX_ROWS } from '../../src/server/routes/admin/csv-read';
import {
  allocator,
  type Answer,
  type ProductionServer,
  request,
  resetPeak,
  residentBytes,
  startProductionServer,
} from './helpers/production-server';
import { until } from '../helpers/wait';

// Issue 24 ("one upload stops every tenant"): a 20 MB stores CSV of 400,000 short rows, under the body limit, used to
// exhaust the production heap (160 MB) and kill the server, dry run or not. Against the real server process (npm
// start's compiled server and heap flags, PGlite), both uploads must end in a 413 naming the first row past the cap,
// the server must stay up, another tenant's home must keep answering, and the upload may add only a little to the
// server's RSS (docs/decisions/026-streamed-csv-import.md).
const ROWS = 400_000;
/** Each line is this long with its newline: 400,000 of them are 20,000,000 bytes, just under the 20 MiB limit. */
const LINE_BYTES = 50;
const MB = 1024 * 1024;
/**
 * What an upload may add to the server's RSS, on top of issue 24's 300 MB for the whole process: the peak during the
 * upload over the RSS just before it. Measured: 8–16 MB; the importer that buffered the body went past 420 MB and died.
 */
const IMPORT_RSS_BUDGET_MB = 40;
/** A home page answered slower than this during an import counts as the server not answering. */
const HOME_LIMIT_MS = 5_000;
const OTHER_TENANT = 'two.localhost';

interface Upload {
  status: number;
  connection: string | undefined;
  body: { success: boolean; message: string; data: { dry_run: boolean; errors: { line: number; message: string }[] } };
  sent: number;
  done: number;
}

/** Writes the file line by line (never one 20 MB string in this process either). */
async function writeStoresCsv(file: string): Promise<number> {
  const out = await open(file, 'w');
  let chunk = 'store_key,name,slug\n';
  for (let i = 0; i < ROWS; i++) {
    chunk += `feed-${i},Feed store ${i},feed-${i}`.padEnd(LINE_BYTES - 1, ' ') + '\n';
    if (chunk.length > 256 * 1024) {
      await out.write(chunk);
      chunk = '';
    }
  }
  await out.write(chunk);
  await out.close();
  return (await stat(file)).size;
}

/**
 * POSTs the file as text/csv with its length, streamed from disk, on a keep-alive connection or one the client asks to
 * close (Node's `agent: false`). The server answers before it has read the whole body; once we have the answer we stop
 * sending, and a failing write after that (EPIPE, ECONNRESET) is expected.
 */
function upload(port: number, token: string, file: string, size: number, query: string, keepAlive: boolean) {
  const sent = performance.now();
  const agent = keepAlive ? new http.Agent({ keepAlive: true }) : false;
  return new Promise<Upload>((resolve, reject) => {
    let answered = false;
    const source = createReadStream(file, { highWaterMark: 64 * 1024 });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/admin/import/stores${query}`,
        agent,
        // The console's API answers on its own host only (issue 25).
        headers: {
          host: 'admin.localhost',
          authorization: `Bearer ${token}`,
          'content-type': 'text/csv',
          'content-length': size,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answered = true;
          source.destroy();
          req.destroy();
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({
              status: res.statusCode ?? 0,
              connection: res.headers.connection,
              body: JSON.parse(text) as Upload['body'],
              sent,
              done: performance.now(),
            });
          } catch {
            reject(new Error(`${res.statusCode}: not JSON: ${text.slice(0, 500)}`));
          }
        });
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('no answer to the upload within 120 s')));
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    source.pipe(req);
  }).finally(() => {
    if (agent) agent.destroy();
  });
}

/** GETs the other tenant's home page over and over until stopped: every answer, with when it was asked and ended. */
function pollHome(port: number): { answers: readonly (Answer | Error)[]; stop: () => Promise<(Answer | Error)[]> } {
  const answers: (Answer | Error)[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      answers.push(
        await request(port, 'GET', '/', {
          host: OTHER_TENANT,
          headers: { accept: 'text/html' },
          timeoutMs: 30_000,
        }).catch((err: Error) => err),
      );
      // The pace of a shopper's reloads, not a wait for anything.
      // eslint-disable-next-line no-restricted-syntax
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    answers,
    stop: async () => {
      running = false;
      await loop;
      return answers;
    },
  };
}

/** Samples VmRSS every 20 ms until stopped; the peak is also read from VmHWM (reset first), which misses no spike. */
function watchMemory(pid: number): { stop: () => { before: number; peak: number; exact: boolean } } {
  const before = residentBytes(pid)?.rss ?? NaN;
  const exact = resetPeak(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid)?.rss ?? 0);
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      const now = residentBytes(pid);
      return { before, peak: Math.max(peak, exact ? (now?.hwm ?? 0) : 0), exact };
    },
  };
}

/**
 * Where the server keeps its data: PGlite always; PostgreSQL too when DATABASE_URL names one (CI), in a database of this
 * test's own. On both the whole process stays under issue 24's 300 MB during the import, on the allocator npm start
 * runs it on (SERVER_ENV: jemalloc, decision 032; on glibc's malloc the idle PGlite server alone sits at 260–293 MB).
 */
const PROCESS_BUDGET_MB = 300;
const PLACES: { kind: 'pglite' | 'postgres' }[] = [
  { kind: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ kind: 'postgres' as const }] : []),
];
if (!process.env.DATABASE_URL)
  console.warn(
    '[import-memory] PostgreSQL run SKIPPED: DATABASE_URL is not set; the 300 MB process bound is not checked.',
  );

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `dd_import_memory_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe.each(PLACES)('a 20 MB, 400,000-row CSV against the production server ($kind)', ({ kind }) => {
  let server: ProductionServer;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let work: string;
  let file: string;
  let size: number;
  let token: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'dealdeck-import-memory-'));
    file = path.join(work, 'stores.csv');
    size = await writeStoresCsv(file);
    database = kind === 'postgres' ? await freshDatabase() : undefined;
    server = await startProductionServer(`import-memory-${kind}`, { databaseUrl: database?.url });
    if (allocator(server.pid) !== 'jemalloc')
      throw new Error(
        'the server runs on glibc malloc: install libjemalloc2 (apt-get install libjemalloc2), which npm start preloads',
      );
    const login = await request(server.port, 'POST', '/system-user/login', {
      json: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
    });
    token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
    // Every tenant's home drawn twice first: what the server holds for serving pages is there before we measure.
    for (let round = 0; round < 2; round++)
      for (const host of ['one', 'two', 'three', 'four', 'five'].map((t) => `${t}.localhost`).concat('localhost'))
        expect((await request(server.port, 'GET', '/', { host, headers: { accept: 'text/html' } })).status).toBe(200);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  it.each([
    { label: 'dry run', query: '?dry_run=1', connection: 'Connection: close' },
    { label: 'import', query: '', connection: 'keep-alive' },
  ])(
    '$label ($connection): 413 at row 50,001, the server stays up, other tenants are served, memory stays bounded',
    async ({ label, query, connection }) => {
      expect(size).toBeGreaterThan(19 * MB);
      expect(size).toBeLessThanOrEqual(MAX_BYTES);

      const memory = watchMemory(server.pid);
      const homes = pollHome(server.port);
      const keepAlive = connection === 'keep-alive';
      const answer = await upload(server.port, token, file, size, query, keepAlive).catch((err: Error) => err);
      // And after it: memory is watched until the server has drawn a few more homes once the upload was answered.
      const ended = answer instanceof Error ? performance.now() : answer.done;
      await until(() => homes.answers.filter((a) => a instanceof Error || a.sent > ended).length >= 3, {
        message: 'three home pages asked after the upload was answered',
        timeoutMs: 30_000,
        everyMs: 50,
      });
      const answers = await homes.stop();
      const { before, peak, exact } = memory.stop();
      const report =
        `RSS ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during the upload` +
        ` (${exact ? 'VmHWM, reset before' : 'VmRSS sampled every 20 ms'})`;
      console.info(`[import-memory] ${label}: ${report}; ${answers.length} home pages`);

      expect(server.alive(), `the server died:\n${server.output()}`).toBe(true);
      if (answer instanceof Error) throw new Error(`the upload failed: ${answer.message}\n${server.output()}`);
      expect(answer.status).toBe(413);
      expect(answer.connection, 'answered before the end of the body: no keep-alive').toBe('close');
      expect(answer.body.message).toContain(`Row ${(MAX_ROWS + 1).toLocaleString('en-US')} (line 50,002)`);
      expect(answer.body.data.dry_run).toBe(query !== '');
      expect(answer.body.data.errors).toEqual([{ line: MAX_ROWS + 2, message: answer.body.message }]);

      const failed = answers.filter((a) => a instanceof Error || a.status !== 200);
      expect(failed.map((a) => (a instanceof Error ? a.message : a.status))).toEqual([]);
      const homeAnswers = answers as Answer[];
      const slowest = Math.max(...homeAnswers.map((a) => a.done - a.sent));
      expect(slowest, 'slowest home page during the upload (ms)').toBeLessThan(HOME_LIMIT_MS);
      // Served while the upload was in flight, not only before and after it.
      const timeline = homeAnswers.map(
        (a) => `${Math.round(a.sent - answer.sent)}–${Math.round(a.done - answer.sent)}`,
      );
      const during = homeAnswers.filter((a) => a.sent >= answer.sent && a.done <= answer.done);
      expect(
        during.length,
        `upload 0–${Math.round(answer.done - answer.sent)} ms, homes ${timeline.join(' ')}`,
      ).toBeGreaterThan(0);
      expect(homeAnswers.filter((a) => a.sent > answer.done).length).toBeGreaterThan(0);

      expect((peak - before) / MB, report).toBeLessThanOrEqual(IMPORT_RSS_BUDGET_MB);
      expect(peak / MB, report).toBeLessThanOrEqual(PROCESS_BUDGET_MB);
    },
    180_000,
  );

  it('imported nothing, and still serves every tenant', async () => {
    const stores = await request(server.port, 'GET', '/api/admin/stores?q=feed-&per_page=5', {
      host: 'admin.localhost',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stores.status).toBe(200);
    expect((JSON.parse(stores.body) as { total: number }).total).toBe(0);
    for (const host of ['one.localhost', OTHER_TENANT, 'five.localhost'])
      expect((await request(server.port, 'GET', '/', { host, headers: { accept: 'text/html' } })).status).toBe(200);
    expect(server.alive()).toBe(true);
  });
});
