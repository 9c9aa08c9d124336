import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import { MailQueue, type MailQueueOptions } from './queue';
import { smtpTransport } from './transport';

// The server's mail: the queue over SMTP_URL (or the outbox alone), its workers and its schedules.
export async function startMail(
  config: ServerConfig,
  db: Db,
  log: { info(msg: string): void; error(msg: string): void },
  schedules: MailQueueOptions['schedules'] = {},
): Promise<MailQueue> {
  const queue = await new MailQueue({
    db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
    schedules,
    onError: (err) => log.error(`mail queue: ${err instanceof Error ? err.message : String(err)}`),
  }).start();
  log.info(config.smtpUrl ? 'mail: sending over SMTP_URL' : 'mail: no SMTP_URL; mail is kept in the outbox table');
  return queue;
}
