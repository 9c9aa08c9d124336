import type PgBoss from 'pg-boss';
import type { FeedRun } from '../../shared/contract/feeds';
import { untilNoDeadlock } from '../mail/queue';
import { claimDueFeeds, executeRun, queueRun, RunRefused, type RunServices } from './runs';

// Issue 30: who carries out a queued run. On a server, a pg-boss job in the app's database: any instance's worker
// takes it (one job at a time per instance; the run's lease keeps it to one at a time per feed). Without a queue (the
// server tests' app, a CLI), the run is carried out in this process, one after another.

export const FEED_SYNC_QUEUE = 'feed-sync';
/** The schedule's tick: feeds whose every_hours have passed get a run. */
export const FEEDS_DUE = { queue: 'feeds-due', cron: '*/5 * * * *' } as const;

export interface FeedDispatch {
  dispatch(run: FeedRun): Promise<void>;
  /** Resolves when the runs dispatched here so far have ended (tests, a CLI). */
  idle(): Promise<void>;
}

export function inProcessDispatch(services: RunServices): FeedDispatch {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    async dispatch(run) {
      chain = chain.then(() =>
        executeRun(services, run.id).catch((err: unknown) => services.log.warn(`feed run ${run.id}: ${String(err)}`)),
      );
    },
    idle: () => chain.then(() => undefined),
  };
}

export async function startFeedJobs(boss: PgBoss, services: RunServices, work = true): Promise<FeedDispatch> {
  await untilNoDeadlock(() => boss.createQueue(FEED_SYNC_QUEUE, { name: FEED_SYNC_QUEUE, retryLimit: 0 }));
  if (work)
    await boss.work<{ runId: number }>(FEED_SYNC_QUEUE, { batchSize: 1 }, async ([job]) => {
      if (job) await executeRun(services, job.data.runId);
    });
  return {
    async dispatch(run) {
      await boss.send(FEED_SYNC_QUEUE, { runId: run.id });
    },
    // Another instance may hold the job: tests poll the run's status instead.
    idle: () => Promise.resolve(),
  };
}

/** The schedule's tick: a run for every feed due, each claimed by one instance. */
export async function queueDueRuns(services: RunServices, dispatch: FeedDispatch): Promise<number> {
  let queued = 0;
  for (const feedId of await claimDueFeeds(services.db)) {
    try {
      await dispatch.dispatch(await queueRun(services.db, feedId, false, 'schedule'));
      queued++;
    } catch (err) {
      if (!(err instanceof RunRefused)) throw err;
    }
  }
  return queued;
}
