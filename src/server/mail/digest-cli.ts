import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { migrate } from '../db/migrate';
import { digestCommand, type DigestCommand } from './commands';
import { askServer } from './control';
import { MailQueue } from './queue';
import { smtpTransport } from './transport';

// `npm run digest -- --tenant one.localhost [--now]`: queues the tenant's weekly digest and delivers it, then prints
// what happened to the mails. Without --now it is this week's digest, sent once (as the schedule would); --now sends a
// new one whatever was sent before. On PGlite with the server running on the same DATA_DIR, the server does it (its
// queue and SMTP_URL; src/server/mail/control.ts); otherwise this process does (its SMTP_URL, or the outbox).
const { values } = parseArgs({
  options: { tenant: { type: 'string' }, now: { type: 'boolean', default: false } },
});
if (!values.tenant) {
  console.error('usage: npm run digest -- --tenant <host> [--now]');
  process.exit(2);
}
const config = readConfig();
const cmd: DigestCommand = { tenant: values.tenant, now: values.now };
const viaServer = config.databaseUrl ? null : await askServer(config.dataDir, { command: 'digest', args: cmd });
if (viaServer) {
  console.log(`(sent by the server that holds ${config.dataDir})`);
  for (const line of viaServer.lines) console.log(line);
  process.exitCode = viaServer.code;
} else {
  const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let queue: MailQueue | null = null;
  try {
    await migrate(db);
    queue = await new MailQueue({
      db,
      transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
      pollingIntervalSeconds: 0.5,
      batchSize: 200,
    }).start();
    process.exitCode = await digestCommand(
      db,
      queue,
      { layoutsDir: config.layoutsDir, smtp: Boolean(config.smtpUrl) },
      cmd,
      (line) => console.log(line),
    );
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    await queue?.stop();
    await db.close();
  }
}
