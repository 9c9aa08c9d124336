import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import { startMailControl } from './control';
import { MailQueue, type MailQueueOptions } from './queue';
import { smtpTransport } from './transport';

// The server's mail: the queue over SMTP_URL (or the outbox alone), its workers and its schedules; on PGlite also the
// socket through which `npm run digest` and `npm run mail:outbox` reach this process (src/server/mail/control.ts).
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
  if (!config.databaseUrl) {
    try {
      const control = await startMailControl(config.dataDir, db, queue, {
        layoutsDir: config.layoutsDir,
        smtp: Boolean(config.smtpUrl),
      });
      queue.onStop(() => control.close());
    } catch (err) {
      log.error(
        `mail: no control socket in ${config.dataDir} (${err instanceof Error ? err.message : String(err)}); ` +
          'stop this server before npm run digest or npm run mail:outbox',
      );
    }
  }
  return queue;
}
