import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { migrate } from '../db/migrate';
import { listOutbox, loadOutboxMail, type OutboxStatus } from './outbox';

// `npm run mail:outbox [-- --status failed] [--limit 50] [--show ID]`: the operator's view of the outbox (newest first).
const { values } = parseArgs({
  options: {
    status: { type: 'string' },
    limit: { type: 'string', default: '50' },
    show: { type: 'string' },
  },
});
const STATUSES: readonly OutboxStatus[] = ['queued', 'sent', 'kept', 'failed'];
const status = values.status as OutboxStatus | undefined;
if (status !== undefined && !STATUSES.includes(status)) {
  console.error(`--status must be one of ${STATUSES.join(', ')}`);
  process.exit(2);
}
const config = readConfig();
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  if (values.show) {
    const mail = await loadOutboxMail(db, Number(values.show));
    if (!mail) console.log(`no outbox mail ${values.show}`);
    else {
      console.log(`From: ${mail.from_addr}\nTo: ${mail.to_addr}\nSubject: ${mail.subject}\nStatus: ${mail.status}`);
      if (mail.reply_to) console.log(`Reply-To: ${mail.reply_to}`);
      if (mail.unsubscribe_url) console.log(`List-Unsubscribe: <${mail.unsubscribe_url}>`);
      console.log(
        `\n${mail.unsubscribe_url ? mail.text.split('{{unsubscribe_url}}').join(mail.unsubscribe_url) : mail.text}`,
      );
    }
  } else {
    const rows = await listOutbox(db, { status, limit: Math.max(1, Math.min(10_000, Number(values.limit) || 50)) });
    if (rows.length === 0) console.log('The outbox is empty.');
    for (const r of rows) {
      const error = r.last_error ? `  (${r.attempts} attempts: ${r.last_error})` : '';
      console.log(
        `#${r.id}  ${r.created_at}  ${r.status.padEnd(6)}  ${r.kind.padEnd(7)}  ${r.to_addr}  "${r.subject}"${error}`,
      );
    }
  }
} finally {
  await db.close();
}
