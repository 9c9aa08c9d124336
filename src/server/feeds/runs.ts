import { performance as perf } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { FeedCredentials, FeedRun } from '../../shared/contract/feeds';
import type { Db } from '../db/connect';
import { feedFilePart, feedRecord, feedRun, type FeedRecord } from '../db/repositories/feeds';
import { FeedFormatError } from './readers/feed-error';
import type { SecretBox } from '../lib/secret-box';
import { syncFeed } from './sync';

// Issue 30: a feed's runs, from "queued" to "done" or "failed" (docs/feeds.md). Queued by the console, the CLI or the
// schedule; carried out by whichever instance's worker takes the job. One run at a time per feed across instances:
// the run holds a lease on its feed row, renewed as it goes; a second run finds the lease and fails with a message
// rather than waiting, and a run that dies mid-way leaves a lease that lapses.

const LEASE_SECONDS = 300;
/** On PGlite the sync's statements run on the shoppers' event loop: it rests three times as long as it works. */
export const DEFAULT_PACE = { pglite: 3, postgres: 1 } as const;

export interface FeedFetcher {
  (url: string, opts: { auth: FeedCredentials }): Promise<{ body: Readable }>;
}

export interface RunServices {
  db: Db;
  box: SecretBox;
  fetchFeed: FeedFetcher;
  /** Drops the cached answers of the stores and tenants a run changed (every instance, through the cache bus). */
  invalidate: (a: { stores: readonly string[]; tenants: readonly string[] }) => void;
  log: { info(msg: string): void; warn(msg: string): void };
  /**
   * How much the sync rests after each batch, as a multiple of the time the batch took (1: at most half a core's
   * time; 0: no rest). It shares the process with shoppers' requests (FEED_SYNC_PACE; default DEFAULT_PACE).
   */
  pace?: number;
  now?: () => Date;
}

export class RunRefused extends Error {
  constructor(
    message: string,
    readonly run: FeedRun | null = null,
  ) {
    super(message);
  }
}

/**
 * A queued run of the feed, or RunRefused when one is queued or running already (its lease is live). Runs whose lease
 * lapsed (an instance died mid-run) are marked failed first.
 */
export async function queueRun(db: Db, feedId: number, dryRun: boolean, trigger: string): Promise<FeedRun> {
  const runId = await db.transaction(async (tx) => {
    // The feed's row lock serialises two instances queueing at once.
    const feed = await tx.query<{ id: number; live_lease: boolean }>(
      `SELECT id, (lease_until IS NOT NULL AND lease_until > now()) AS live_lease FROM feeds WHERE id = $1 FOR UPDATE`,
      [feedId],
    );
    if (!feed[0]) return null;
    await tx.query(
      `UPDATE feed_runs SET status = 'failed', finished_at = now(),
         error = 'The run was interrupted (its server stopped); run it again.'
       WHERE feed_id = $1 AND status = 'running' AND NOT $2`,
      [feedId, feed[0].live_lease],
    );
    const busy = await tx.query<{ id: number }>(
      `SELECT id::int AS id FROM feed_runs
       WHERE feed_id = $1 AND (status = 'running' OR (status = 'queued' AND queued_at > now() - interval '1 hour'))
       ORDER BY id LIMIT 1`,
      [feedId],
    );
    if (busy[0]) return -busy[0].id;
    const rows = await tx.query<{ id: number }>(
      'INSERT INTO feed_runs (feed_id, dry_run, trigger) VALUES ($1, $2, $3) RETURNING id::int AS id',
      [feedId, dryRun, trigger],
    );
    return rows[0]!.id;
  });
  if (runId === null) throw new RunRefused('No such feed.');
  if (runId < 0) {
    const run = await feedRun(db, -runId);
    throw new RunRefused(`Run #${-runId} of this feed is ${run?.status ?? 'queued'}; wait for it to finish.`, run);
  }
  return (await feedRun(db, runId))!;
}

/** The feeds whose schedule is due, each claimed by one instance (its next_run_at moves on in the same statement). */
export async function claimDueFeeds(db: Db): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE feeds SET next_run_at = now() + make_interval(hours => every_hours)
     WHERE enabled AND every_hours > 0 AND (next_run_at IS NULL OR next_run_at <= now())
     RETURNING id::int AS id`,
  );
  return rows.map((r) => r.id);
}

/** The feed's bytes: fetched from its URL with its credentials, or read part by part from its uploaded file. */
export async function openFeedInput(s: RunServices, feed: FeedRecord): Promise<Readable> {
  if (feed.url) {
    const auth: FeedCredentials = feed.credentials
      ? (JSON.parse(s.box.open(feed.credentials)) as FeedCredentials)
      : { auth: 'none' };
    return (await s.fetchFeed(feed.url, { auth })).body;
  }
  if (!(await feedFilePart(s.db, feed.id, 0)))
    throw new FeedFormatError('The feed has no URL and no uploaded file: give it one in the console.');
  async function* parts() {
    for (let part = 0; ; part++) {
      const body = await feedFilePart(s.db, feed.id, part);
      if (!body) return;
      yield body;
    }
  }
  return Readable.from(parts(), { objectMode: false });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The most a sync rests between two batches, and how far shoppers' traffic may stretch its pace. */
const MAX_REST_MS = 5_000;
const MAX_PACE = 256;
/** Above this share of the event loop busy with other work while the sync rested, the server counts as busy. */
const BUSY = 0.2;

/**
 * What the sync does between batches: renews the run's lease now and then, and rests. The rest is `pace` times the
 * batch's work (FEED_SYNC_PACE), and adapts to shoppers: the event loop's use while the sync rested is the rest of the
 * server's load; while it is busy the pace doubles (up to MAX_PACE, so a sync under full load takes well under 1 % of
 * the loop), and when it is quiet again it halves back to the configured one.
 */
function pacer(db: Db, feedId: number, runId: number, basePace: number): () => Promise<void> {
  let last = performance.now();
  let renewed = last;
  let pace = basePace;
  return async () => {
    const worked = performance.now() - last;
    if (performance.now() - renewed > (LEASE_SECONDS * 1000) / 5) {
      renewed = performance.now();
      await db.query(
        `UPDATE feeds SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE id = $1 AND lease_run = $2`,
        [feedId, runId],
      );
    }
    // Always give the event loop a turn (shoppers' requests first), then rest in proportion to the work just done.
    const before = perf.eventLoopUtilization();
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (basePace > 0) await sleep(Math.min(MAX_REST_MS, worked * pace));
    const busy = perf.eventLoopUtilization(before).utilization;
    if (basePace > 0) pace = busy > BUSY ? Math.min(MAX_PACE, pace * 2) : Math.max(basePace, pace / 2);
    last = performance.now();
  };
}

/** Takes a queued run and its feed's lease: the feed's id, 'gone' (not queued any more) or 'busy' (leased). */
async function claimRun(db: Db, runId: number): Promise<number | 'gone' | 'busy'> {
  return db.transaction(async (tx) => {
    const run = await tx.query<{ feed_id: number }>(
      `SELECT feed_id::int AS feed_id FROM feed_runs WHERE id = $1 AND status = 'queued' FOR UPDATE`,
      [runId],
    );
    if (!run[0]) return 'gone' as const;
    const lease = await tx.query<{ id: number }>(
      `UPDATE feeds SET lease_run = $2, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
       WHERE id = $1 AND (lease_until IS NULL OR lease_until <= now() OR lease_run = $2) RETURNING id`,
      [run[0].feed_id, runId],
    );
    if (!lease[0]) {
      await tx.query(
        `UPDATE feed_runs SET status = 'failed', finished_at = now(),
           error = 'Another run of this feed was in progress; this one did not start.' WHERE id = $1`,
        [runId],
      );
      return 'busy' as const;
    }
    await tx.query(`UPDATE feed_runs SET status = 'running', started_at = now() WHERE id = $1`, [runId]);
    return run[0].feed_id;
  });
}

/** Carries out a queued run (a job's work). A run that is not queued any more (a job delivered twice) is left alone. */
export async function executeRun(s: RunServices, runId: number): Promise<FeedRun | null> {
  const { db } = s;
  const claimed = await claimRun(db, runId);
  if (claimed === 'gone') return null;
  if (claimed === 'busy') return feedRun(db, runId);

  const feedId = claimed;
  const feed = (await feedRecord(db, feedId))!;
  const dryRun = (await feedRun(db, runId))!.dry_run;
  const between = pacer(db, feedId, runId, s.pace ?? DEFAULT_PACE[db.kind]);
  try {
    const input = await openFeedInput(s, feed);
    const result = await syncFeed({ db, feed, dryRun, input, between, ...(s.now ? { now: s.now } : {}) });
    await db.query(
      `UPDATE feed_runs SET status = 'done', finished_at = now(), records = $2, added = $3, changed = $4,
         expired = $5, refused = $6, unmapped = $7, unchanged = $8, samples = $9 WHERE id = $1`,
      [
        runId,
        result.records,
        result.added,
        result.changed,
        result.expired,
        result.refused,
        result.unmapped,
        result.unchanged,
        JSON.stringify(result.samples),
      ],
    );
    if (!dryRun && result.stores.length > 0) s.invalidate({ stores: result.stores, tenants: feed.tenants });
    s.log.info(
      `feed ${feedId} run ${runId}${dryRun ? ' (dry)' : ''}: ${result.records} records, +${result.added} ` +
        `~${result.changed} -${result.expired}, ${result.refused} refused, ${result.unmapped} unmapped`,
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    s.log.warn(`feed ${feedId} run ${runId} failed: ${message}`);
    await db.query(`UPDATE feed_runs SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [
      runId,
      message.slice(0, 2000),
    ]);
  } finally {
    await db.query('UPDATE feeds SET lease_run = NULL, lease_until = NULL WHERE id = $1 AND lease_run = $2', [
      feedId,
      runId,
    ]);
  }
  return feedRun(db, runId);
}
