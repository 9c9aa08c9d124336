import type { Db } from '../db/connect';
import { findTenantByHost } from '../db/repositories/domains';
import { loadLayouts } from '../layouts/load';
import { normalizeHost } from '../plugins/tenancy';
import { sendDigest } from './digest/send';
import { listOutbox, loadOutboxMail, type OutboxStatus } from './outbox';
import type { MailQueue } from './queue';

// What `npm run digest` and `npm run mail:outbox` do, given a database and (for the digest) a running queue. The CLIs
// run them in their own process, or, on PGlite while a server holds the data directory, ask that server to run them
// (src/server/mail/control.ts): one process only may open a PGlite directory.

export type Print = (line: string) => void;

export interface DigestCommand {
  tenant: string;
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
  print(`Digest of ${tenant.host} to ${result.recipients} confirmed subscribers: ${summary}.`);
  if (!opts.smtp) print('No SMTP_URL: the mails are in the outbox (npm run mail:outbox).');
  if (rows.some((r) => r.status === 'queued')) print('Mails still queued are retried by the server.');
  return 0;
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
