import { toolDatabase } from '../cli';
import type { ServerConfig } from '../config';
import type { Db } from '../db/connect';
import type { ControlRequest } from './control';
import type { MailQueue } from './queue';

// What the mail tools (digest, alerts, mail:outbox) share: on PGlite with a server holding DATA_DIR, the server runs
// the command (control.ts); otherwise this process opens the database, which must exist, and (to send) its own queue.

/** Runs `request` in the server holding DATA_DIR; false when none answers there. */
export async function viaServer(config: ServerConfig, request: ControlRequest, banner?: string): Promise<boolean> {
  if (config.databaseUrl) return false;
  const { askServer } = await import('./control');
  const answer = await askServer(config.dataDir, request);
  if (!answer) return false;
  if (banner) console.log(banner);
  for (const line of answer.lines) console.log(line);
  process.exitCode = answer.code;
  return true;
}

/** Opens the database (and a queue when `send`), runs `work`, prints its failure in one line, closes everything. */
export async function inThisProcess(
  name: string,
  config: ServerConfig,
  send: boolean,
  work: (db: Db, queue: MailQueue | null) => Promise<number>,
): Promise<void> {
  const { db } = await toolDatabase(name, config);
  let queue: MailQueue | null = null;
  try {
    const { migrate } = await import('../db/migrate');
    await migrate(db);
    if (send) {
      const { MailQueue } = await import('./queue');
      const { smtpTransport } = await import('./transport');
      queue = await new MailQueue({
        db,
        transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
        pollingIntervalSeconds: 0.5,
        batchSize: 200,
      }).start();
    }
    process.exitCode = await work(db, queue);
  } catch (err) {
    console.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await queue?.stop();
    await db.close();
  }
}
