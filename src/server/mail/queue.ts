import PgBoss from 'pg-boss';
import type { Db, Queryable } from '../db/connect';
import { tenantDkim, type Dkim } from './identity';
import type { Mailer, MailMessage } from './mailer';
import { insertBody, insertOutbox, loadOutboxMails, markAttempt, markDone } from './outbox';
import { toNodemailer, type SmtpTransport } from './transport';

// pg-boss 10 runs the mail jobs in the app's own database (PostgreSQL or PGlite, through Db.executeSql): sends with
// retries and exponential backoff, and the cron schedules. Jobs are fetched with SKIP LOCKED, so several server
// instances share the work and no mail is sent twice; the outbox row's status guards a job that runs again anyway.

export const SEND_QUEUE = 'mail-send';

export interface MailQueueOptions {
  db: Db;
  /** null: no SMTP_URL; every mail stays in the outbox (status kept) for the operator. */
  transport: SmtpTransport | null;
  /** pg-boss's schema (tests on PostgreSQL use one per file). */
  schema?: string;
  retryLimit?: number;
  /** Seconds before the first retry; doubled (with jitter) on each next one. */
  retryDelay?: number;
  pollingIntervalSeconds?: number;
  /** Jobs fetched per poll, sent concurrently over the transport's pooled connections. */
  batchSize?: number;
  /** false: this process only enqueues (e.g. a CLI that leaves sending to the server). */
  work?: boolean;
  /** Cron schedules (the weekly digest tick, the daily store alerts) and their workers. */
  schedules?: Readonly<Record<string, { cron: string; run: (queue: MailQueue) => Promise<unknown> }>>;
  onError?: (err: unknown) => void;
}

type SendJob = { id: number };

/**
 * Several instances starting together on one PostgreSQL database (compose.yaml, the three-instance test) create the
 * same pg-boss queues at once, and pg-boss 10's create_queue can then deadlock (40P01: PostgreSQL aborts one of
 * them). The queue exists once the other transaction commits; the aborted one tries again after a short random wait.
 */
export async function untilNoDeadlock<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export class MailQueue implements Mailer {
  readonly boss: PgBoss;
  private stopped = false;
  private readonly stopHooks: (() => Promise<void>)[] = [];

  constructor(private readonly opts: MailQueueOptions) {
    const { db } = opts;
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => db.executeSql(text, values) },
      schema: opts.schema ?? 'pgboss',
      // One connection on PGlite: poll no more often than needed.
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
      schedule: Object.keys(opts.schedules ?? {}).length > 0,
      supervise: opts.work !== false,
    });
    this.boss.on('error', (err) => opts.onError?.(err));
  }

  async start(): Promise<this> {
    const o = this.opts;
    await this.boss.start();
    await untilNoDeadlock(() =>
      this.boss.createQueue(SEND_QUEUE, {
        name: SEND_QUEUE,
        retryLimit: o.retryLimit ?? 4,
        retryDelay: o.retryDelay ?? 30,
        retryBackoff: true,
      }),
    );
    for (const [name, { cron }] of Object.entries(o.schedules ?? {})) {
      await untilNoDeadlock(() => this.boss.createQueue(name, { name, policy: 'singleton', retryLimit: 1 }));
      await untilNoDeadlock(() => this.boss.schedule(name, cron, {}, { tz: 'UTC' }));
    }
    if (o.work === false) return this;
    await this.boss.work<SendJob>(SEND_QUEUE, { batchSize: o.batchSize ?? 20, includeMetadata: true }, (jobs) =>
      this.sendBatch(jobs),
    );
    for (const [name, { run }] of Object.entries(o.schedules ?? {})) await this.boss.work(name, () => run(this));
    return this;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const hook of this.stopHooks) await hook();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    this.opts.transport?.close();
  }

  /**
   * Send jobs not finished yet: waiting, waiting for a retry, or being sent. 0 means every mail queued so far has
   * reached the SMTP server or failed for good (tests wait on it; an operator's view of the backlog).
   */
  pending(): Promise<number> {
    return this.boss.getQueueSize(SEND_QUEUE, { before: 'completed' });
  }

  /** Runs `hook` first when the queue stops (e.g. closing what feeds it work). */
  onStop(hook: () => Promise<void>): void {
    this.stopHooks.push(hook);
  }

  /** Mailer: one outbox row and its send job. A stopped queue takes nothing (the caller answers SPEC §8's text). */
  async send(m: MailMessage): Promise<void> {
    if (this.stopped) throw new Error('the mail queue is stopped');
    const bodyId = await insertBody(this.opts.db, { subject: m.subject, html: m.html ?? '', text: m.text });
    const ids = await insertOutbox(
      this.opts.db,
      { domainId: m.domainId ?? null, kind: m.kind ?? 'contact', from: m.from ?? 'Dealdeck <noreply@localhost>' },
      bodyId,
      [{ to: m.to, replyTo: m.replyTo ?? null, unsubscribeUrl: m.unsubscribeUrl ?? null }],
    );
    await this.enqueue(ids);
  }

  /**
   * Send jobs for outbox rows written by the caller (a digest's thousands in a few inserts). With `tx`, the jobs are
   * written in the caller's transaction: the rows and their jobs commit together or not at all.
   */
  async enqueue(outboxIds: readonly number[], tx?: Queryable): Promise<void> {
    if (this.stopped) throw new Error('the mail queue is stopped');
    const options = tx
      ? { db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await tx.query(text, values) }) } }
      : {};
    for (let i = 0; i < outboxIds.length; i += 1000) {
      await this.boss.insert(
        outboxIds.slice(i, i + 1000).map((id) => ({ name: SEND_QUEUE, data: { id } })),
        options,
      );
    }
  }

  /** One batch of send jobs: rows read and marked in one statement each, mails sent over the pooled connections. */
  private async sendBatch(jobs: PgBoss.JobWithMetadata<SendJob>[]): Promise<void> {
    const { db, transport } = this.opts;
    const mails = new Map(
      (
        await loadOutboxMails(
          db,
          jobs.map((j) => j.data.id),
        )
      ).map((m) => [m.id, m]),
    );
    const done: { id: number; messageId: string | null }[] = [];
    const failed: string[] = [];
    let lastError = '';
    // DKIM keys are read once per batch: a new key takes effect with the next poll, without a restart.
    const dkim = new Map<string, Promise<Dkim | null>>();
    const keyOf = (domainId: string | null) => {
      if (!domainId) return Promise.resolve(null);
      const key = dkim.get(domainId) ?? tenantDkim(db, domainId);
      dkim.set(domainId, key);
      return key;
    };
    await Promise.all(
      jobs.map(async (job) => {
        const mail = mails.get(job.data.id);
        // A row already sent (a job run twice) is not sent again.
        if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
        if (!transport) {
          done.push({ id: mail.id, messageId: null });
          return;
        }
        try {
          const info = (await transport.sendMail(toNodemailer(mail, await keyOf(mail.domain_id)))) as {
            messageId?: string;
          };
          done.push({ id: mail.id, messageId: info.messageId ?? null });
        } catch (err) {
          lastError = err instanceof Error ? err.message : String(err);
          await markAttempt(db, mail.id, lastError, job.retryCount >= job.retryLimit);
          failed.push(job.id);
        }
      }),
    );
    await markDone(db, transport ? 'sent' : 'kept', done);
    // The rest of the batch completes when this returns; the failed ones go back to the queue (or to failed).
    await Promise.all(failed.map((id) => this.boss.fail(SEND_QUEUE, id, { message: lastError })));
  }
}
