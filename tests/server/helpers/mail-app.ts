import type { Enqueue } from '../../../src/server/mail/digest/send';
import type { Mailer } from '../../../src/server/mail/mailer';
import { MailQueue, type MailQueueOptions } from '../../../src/server/mail/queue';
import { smtpTransport } from '../../../src/server/mail/transport';
import { startSink, type Sink } from './smtp-sink';
import { dropSchema, startTestApp, type DbKind, type TestApp, type TestAppOptions } from './test-app';

// The app with real mail: its queue over the test's database, sending to a local SMTP sink. Links in the mails point
// at http://<tenant host> (MAIL_LINK_ORIGIN) and are followed with app.inject and that Host.
export interface MailTestApp extends TestApp {
  sink: Sink;
  queue: MailQueue;
  /** A link of a mail as an inject request: method, path with query, and the Host. */
  follow(
    url: string,
    method: 'GET' | 'POST',
    payload?: string,
  ): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}

export async function startMailApp(
  kind: DbKind,
  opts: TestAppOptions & { queue?: Partial<MailQueueOptions> } = {},
): Promise<MailTestApp> {
  process.env.MAIL_LINK_ORIGIN = 'http://{host}';
  const sink = await startSink();
  let queue: MailQueue | null = null;
  const mailer: Mailer = {
    send: (m) => (queue ? queue.send(m) : Promise.reject(new Error('mail queue not started'))),
  };
  const mailQueue: Enqueue = {
    enqueue: (ids, tx) => (queue ? queue.enqueue(ids, tx) : Promise.reject(new Error('mail queue not started'))),
  };
  const t = await startTestApp(kind, { ...opts, mailer, mailQueue });
  queue = await new MailQueue({
    db: t.db,
    transport: smtpTransport(sink.url),
    schema: t.place.schema ? `${t.place.schema}_boss` : 'pgboss',
    retryLimit: 2,
    retryDelay: 1,
    pollingIntervalSeconds: 0.5,
    batchSize: 100,
    ...opts.queue,
  }).start();
  const started = queue;
  return {
    ...t,
    sink,
    queue: started,
    async follow(url, method, payload) {
      const u = new URL(url);
      return await t.app.inject({
        method,
        url: `${u.pathname}${u.search}`,
        headers: {
          host: u.host,
          ...(payload !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
    },
    async close(keep = false) {
      await started.stop();
      await sink.close();
      if (!keep && t.place.schema) await dropSchema(t.db, `${t.place.schema}_boss`);
      await t.close(keep);
    },
  };
}

/** The first link of a text part that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.match(/https?:\/\/[^\s<>")\]]+/g)?.find((u) => u.includes(prefix));
  if (!found) throw new Error(`no link with ${prefix} in:\n${text}`);
  return found;
}
