import type { Db } from '../db/connect';
import { findTenantByHost } from '../db/repositories/domains';
import { countPendingAlerts } from '../db/repositories/store-follows';
import { loadLayouts } from '../layouts/load';
import { normalizeHost } from '../lib/host';
import { sendDigest } from './digest/send';
import { listOutbox, loadOutboxMail, type OutboxStatus } from './outbox';
import type { MailQueue } from './queue';
import { sendStoreAlerts } from './store-alerts';

// What `npm run digest`, `npm run alerts` and `npm run mail:outbox` do, given a database and (to send) a running
// queue. The CLIs run them in their own process, or, on PGlite while a server holds the data directory, ask that
// server to run them (src/server/mail/control.ts): one process only may open a PGlite directory.

export type Print = (line: string) => void;

export interface DigestCommand {
  tenant: string;
  now: boolean;
}

export interface AlertsCommand {
  /** Every address at once, not only those without today's alert. */
  now: boolean;
}

export interface OutboxCommand {
  status?: OutboxStatus | undefined;
  limit: number;
  show?: number | undefined;
}

/** Queues a tenant's digest on `queue` and waits (up to two minutes) for its mails to leave the queue; exit code. */
export async function digestCommand(
  db: Db,
  queue: MailQueue,
  opts: { layoutsDir: string; smtp: boolean },
  cmd: DigestCommand,
  print: Print,
): Promise<number> {
  const tenant = await findTenantByHost(db, normalizeHost(cmd.tenant));
  if (!tenant) {
    print(`no site at ${cmd.tenant}`);
    return 1;
  }
  const layouts = await loadLayouts(opts.layoutsDir);
  for (const p of layouts.problems)
    if (p.file.includes('/email')) print(`layout problem: ${p.file} ${p.pointer}: ${p.message}`);
  const result = await sendDigest(db, queue, layouts.documents, tenant.id, { force: cmd.now });
  if (result.status === 'already-sent') {
    print(`This week's digest of ${tenant.host} was already sent; add --now to send another.`);
    return 0;
  }
  const delivery = await delivered(db, result.outboxIds);
  print(`Digest of ${tenant.host} to ${result.recipients} confirmed subscribers: ${delivery.summary}.`);
  printDeliveryNotes(opts, delivery, print);
  return 0;
}

/**
 * `npm run alerts [-- --now]`: the store alerts due, as the schedule sends them (addresses not mailed today), or with
 * --now to every address at once; then waits for their mails like the digest.
 */
export async function alertsCommand(
  db: Db,
  queue: MailQueue,
  opts: { smtp: boolean },
  cmd: AlertsCommand,
  print: Print,
): Promise<number> {
  const run = await sendStoreAlerts(db, queue, { all: cmd.now });
  const held = cmd.now ? null : await countPendingAlerts(db, new Date());
  if (run.mails === 0) print('No store alerts to send.');
  else {
    const delivery = await delivered(db, run.outboxIds);
    const coupons = `${run.alerts} new coupon${run.alerts === 1 ? '' : 's'}`;
    print(`Store alerts about ${coupons} to ${run.mails} address${run.mails === 1 ? '' : 'es'}: ${delivery.summary}.`);
    printDeliveryNotes(opts, delivery, print);
  }
  if (held && held.alerts > 0)
    print(
      `${held.alerts} more wait for ${held.addresses} address${held.addresses === 1 ? '' : 'es'} that had today's ` +
        'alert; add --now to send them now.',
    );
  return 0;
}

interface Delivery {
  summary: string;
  queued: boolean;
}

/** Waits (up to two minutes) for the mails to leave the queue; their statuses, counted. */
async function delivered(db: Db, ids: readonly number[]): Promise<Delivery> {
  const until = Date.now() + 120_000;
  let rows: { status: string; n: number }[] = [];
  do {
    await new Promise((r) => setTimeout(r, 250));
    rows = await db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM outbox WHERE id = ANY($1::bigint[]) GROUP BY status ORDER BY status',
      [ids],
    );
  } while (rows.some((r) => r.status === 'queued') && Date.now() < until);
  return {
    summary: rows.map((r) => `${r.n} ${r.status}`).join(', ') || 'nothing to send',
    queued: rows.some((r) => r.status === 'queued'),
  };
}

function printDeliveryNotes(opts: { smtp: boolean }, delivery: Delivery, print: Print): void {
  if (!opts.smtp) print('No SMTP_URL: the mails are in the outbox (npm run mail:outbox).');
  if (delivery.queued) print('Mails still queued are retried by the server.');
}

/** The outbox, newest first, or one mail (--show). */
export async function outboxCommand(db: Db, cmd: OutboxCommand, print: Print): Promise<number> {
  if (cmd.show !== undefined) {
    const mail = await loadOutboxMail(db, cmd.show);
    if (!mail) print(`no outbox mail ${cmd.show}`);
    else {
      print(`From: ${mail.from_addr}\nTo: ${mail.to_addr}\nSubject: ${mail.subject}\nStatus: ${mail.status}`);
      if (mail.reply_to) print(`Reply-To: ${mail.reply_to}`);
      if (mail.unsubscribe_url) print(`List-Unsubscribe: <${mail.unsubscribe_url}>`);
      print(
        `\n${mail.unsubscribe_url ? mail.text.split('{{unsubscribe_url}}').join(mail.unsubscribe_url) : mail.text}`,
      );
    }
    return 0;
  }
  const rows = await listOutbox(db, { status: cmd.status, limit: Math.max(1, Math.min(10_000, cmd.limit || 50)) });
  if (rows.length === 0) print('The outbox is empty.');
  for (const r of rows) {
    const error = r.last_error ? `  (${r.attempts} attempts: ${r.last_error})` : '';
    print(
      `#${r.id}  ${r.created_at}  ${r.status.padEnd(6)}  ${r.kind.padEnd(7)}  ${r.to_addr}  "${r.subject}"${error}`,
    );
  }
  return 0;
}
