import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Feed, FeedAdvertiser, FeedRun } from '../shared/contract/feeds';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../server/db/repositories/admin-users';
import { awinFeedLines } from './feed-file';
import type { LoadFigures } from './load';
import { load } from './load';

// Issue 30: a 50,000-record feed synced while shoppers are served. A tenant's cached home under the bench load
// (10 connections, as a browser asks) alone, then while the sync runs; the sync must not move its p99 by more than
// 20 %. The feed is served by a local HTTP server, as the network would serve it.

export const FEED_RECORDS = 50_000;
const ADVERTISERS = 40;
const CONNECTIONS = 10;
const ADMIN = 'admin.localhost';

export interface FeedSyncFigures {
  records: number;
  alone: LoadFigures;
  during: LoadFigures;
  /** during.p99 / alone.p99 (issue 30: ≤ 1.2). */
  p99Ratio: number;
  /** Whether the sync was still running when the measured load ended (the whole load overlapped it). */
  overlapped: boolean;
  syncSeconds: number;
  run: Pick<FeedRun, 'added' | 'changed' | 'expired' | 'refused' | 'unmapped' | 'unchanged' | 'status' | 'error'>;
}

function call<T>(port: number, method: string, urlPath: string, token: string | null, json?: unknown) {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise<{ status: number; body: { message?: string; data: T } }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: {
          host: ADMIN,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message?: string; data: T } });
          } catch (err) {
            reject(new Error(`${method} ${urlPath}: ${res.statusCode} ${text.slice(0, 200)} (${String(err)})`));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureFeedSync(opts: {
  port: number;
  victim: string;
  seconds: number;
  credentials: { email: string; password: string };
  log: (line: string) => void;
}): Promise<FeedSyncFigures> {
  const { port, victim, seconds } = opts;
  const feedServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    Readable.from(awinFeedLines(FEED_RECORDS, ADVERTISERS)).pipe(res);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  try {
    const { runOf, status, ended } = await mappedFeed(port, opts.credentials, victim, feedServer);
    const home = () => load(port, ['/'], victim, seconds, 2, 'browser', CONNECTIONS);
    const alone = await home();
    const started = performance.now();
    const id = await runOf(false);
    for (let run = await status(id); run.status === 'queued'; run = await status(id)) await pause(50);
    const during = await home();
    const overlapped = (await status(id)).status === 'running';
    const run = await ended(id);
    const syncSeconds = (performance.now() - started) / 1000;
    opts.log(
      `  ${victim}'s home p99 ${alone.p99} ms alone, ${during.p99} ms during the sync (${Math.round(alone.reqPerSec)} → ` +
        `${Math.round(during.reqPerSec)} req/s); sync of ${FEED_RECORDS} records ${syncSeconds.toFixed(0)} s`,
    );
    return {
      records: FEED_RECORDS,
      alone,
      during,
      p99Ratio: alone.p99 > 0 ? during.p99 / alone.p99 : during.p99 > 0 ? Infinity : 1,
      overlapped,
      syncSeconds,
      run: {
        status: run.status,
        error: run.error,
        added: run.added,
        changed: run.changed,
        expired: run.expired,
        refused: run.refused,
        unmapped: run.unmapped,
        unchanged: run.unchanged,
      },
    };
  } finally {
    feedServer.close();
  }
}

/** A feed of the local server's file, created, dry-run and mapped to the demo stores, and how to run it. */
async function mappedFeed(
  port: number,
  credentials: { email: string; password: string },
  victim: string,
  feedServer: http.Server,
) {
  const login = await call<{ token: string }>(port, 'POST', '/system-user/login', null, credentials);
  const token = login.body.data.token;
  const admin = <T>(method: string, p: string, json?: unknown) => call<T>(port, method, `/api/admin${p}`, token, json);
  const tenants = (await admin<{ _id: string; hosts: string[] }[]>('GET', '/tenants')).body.data;
  const created = await admin<Feed>('POST', '/feeds', {
    name: `Bench ${Date.now()}`,
    format: 'awin-csv',
    url: `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/vouchers.csv`,
    tenants: [tenants.find((t) => !t.hosts.includes(victim))!._id],
    category: 'Fashion',
    every_hours: 0,
  });
  if (created.status !== 201) throw new Error(`the feed was not created: ${created.body.message}`);
  const feed = created.body.data;
  const runOf = async (dryRun: boolean) => {
    const queued = await admin<FeedRun>('POST', `/feeds/${feed.id}/runs`, { dry_run: dryRun });
    if (queued.status !== 202) throw new Error(`the run was not queued: ${queued.body.message}`);
    return queued.body.data.id;
  };
  const status = async (id: number) => (await admin<FeedRun>('GET', `/feeds/${feed.id}/runs/${id}`)).body.data;
  const ended = async (id: number) => {
    for (;;) {
      const run = await status(id);
      if (run.status === 'done' || run.status === 'failed') return run;
      await pause(250);
    }
  };
  const dry = await ended(await runOf(true));
  if (dry.status !== 'done') throw new Error(`the dry run failed: ${dry.error}`);
  const ads = (await admin<FeedAdvertiser[]>('GET', `/feeds/${feed.id}/advertisers`)).body.data;
  await admin('POST', `/feeds/${feed.id}/advertisers`, {
    mappings: ads
      .filter((a) => a.suggestion)
      .map((a) => ({ advertiser_id: a.advertiser_id, store_id: a.suggestion!.store_id })),
  });

  return { admin, feed, runOf, status, ended };
}

/** The part of `npm run bench`: the sync on PGlite, and on PostgreSQL when DATABASE_URL is given. */
export async function benchFeedSyncs<S extends { port: number }>(o: {
  databaseUrl: string;
  seconds: number;
  start: (url: string) => Promise<S>;
  stop: (server: S) => Promise<void>;
  part: <T>(what: string, run: () => Promise<T>) => Promise<T | null>;
  log: (line: string) => void;
}): Promise<{ database: string; figures: FeedSyncFigures }[]> {
  const out: { database: string; figures: FeedSyncFigures }[] = [];
  for (const [database, url] of [['PGlite', ''], ...(o.databaseUrl ? [['PostgreSQL', o.databaseUrl]] : [])]) {
    const server = await o.part(`start the server for a feed sync (${database})`, () => o.start(url!));
    if (!server) continue;
    const figures = await o.part(
      `a ${FEED_RECORDS}-record feed synced while a cached home is loaded (${database})`,
      () =>
        measureFeedSync({
          port: server.port,
          victim: 'two.localhost',
          seconds: o.seconds,
          credentials: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
          log: o.log,
        }),
    );
    if (figures) out.push({ database: database!, figures });
    await o.stop(server);
  }
  return out;
}
