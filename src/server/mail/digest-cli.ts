import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { migrate } from '../db/migrate';
import { findTenantByHost } from '../db/repositories/domains';
import { loadLayouts } from '../layouts/load';
import { normalizeHost } from '../plugins/tenancy';
import { sendDigest } from './digest/send';
import { MailQueue } from './queue';
import { smtpTransport } from './transport';

// `npm run digest -- --tenant one.localhost [--now]`: queues the tenant's weekly digest and delivers it from this
// process (SMTP_URL, or the outbox without it), then prints what happened to each mail. Without --now it is this
// week's digest, sent once (as the schedule would); --now sends a new one whatever was sent before.
// On PGlite, stop the server first: one process at a time opens its data directory.
const { values } = parseArgs({
  options: { tenant: { type: 'string' }, now: { type: 'boolean', default: false } },
});
if (!values.tenant) {
  console.error('usage: npm run digest -- --tenant <host> [--now]');
  process.exit(2);
}
const config = readConfig();
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let queue: MailQueue | null = null;
try {
  await migrate(db);
  const tenant = await findTenantByHost(db, normalizeHost(values.tenant));
  if (!tenant) throw new Error(`no site at ${values.tenant}`);
  const layouts = await loadLayouts(config.layoutsDir);
  for (const p of layouts.problems)
    if (p.file.includes('/email')) console.warn(`layout problem: ${p.file} ${p.pointer}: ${p.message}`);
  queue = await new MailQueue({
    db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : null,
    pollingIntervalSeconds: 0.5,
    batchSize: 200,
  }).start();
  const result = await sendDigest(db, queue, layouts.documents, tenant.id, { force: values.now });
  if (result.status === 'already-sent') {
    console.log(`This week's digest of ${tenant.host} was already sent; add --now to send another.`);
  } else {
    const ids = result.outboxIds;
    const until = Date.now() + 120_000;
    let rows: { status: string; n: number }[] = [];
    do {
      await new Promise((r) => setTimeout(r, 250));
      rows = await db.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM outbox WHERE id = ANY($1::bigint[]) GROUP BY status ORDER BY status',
        [ids],
      );
    } while (rows.some((r) => r.status === 'queued') && Date.now() < until);
    const summary = rows.map((r) => `${r.n} ${r.status}`).join(', ') || 'nothing to send';
    console.log(`Digest of ${tenant.host} to ${result.recipients} confirmed subscribers: ${summary}.`);
    if (!config.smtpUrl) console.log('No SMTP_URL: the mails are in the outbox (npm run mail:outbox).');
    if (rows.some((r) => r.status === 'queued')) console.log('Mails still queued are retried by the server.');
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await queue?.stop();
  await db.close();
}
