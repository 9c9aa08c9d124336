import type { Queryable } from '../db/connect';
import type { MailKind } from './mailer';

// The outbox: every mail is a row before it is a job, so nothing is dropped silently and the operator sees each
// mail's state (queued, sent, kept without SMTP_URL, failed after the retries) with `npm run mail:outbox`.
export const OUTBOX_STATUSES = ['queued', 'sent', 'kept', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';

export interface MailBody {
  subject: string;
  html: string;
  text: string;
}

export interface OutboxEnvelope {
  domainId: string | null;
  kind: MailKind;
  from: string;
}

export interface OutboxRecipient {
  to: string;
  replyTo?: string | null;
  unsubscribeUrl?: string | null;
}

export interface OutboxMail extends MailBody {
  id: number;
  domain_id: string | null;
  kind: MailKind;
  from_addr: string;
  to_addr: string;
  reply_to: string | null;
  unsubscribe_url: string | null;
  status: OutboxStatus;
  attempts: number;
}

export async function insertBody(db: Queryable, body: MailBody): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO mail_bodies (subject, html, text) VALUES ($1, $2, $3) RETURNING id',
    [body.subject, body.html, body.text],
  );
  return Number(rows[0]?.id);
}

/** One row per recipient, all sharing `bodyId`; returns the new ids in the recipients' order. */
export async function insertOutbox(
  db: Queryable,
  envelope: OutboxEnvelope,
  bodyId: number,
  recipients: readonly OutboxRecipient[],
): Promise<number[]> {
  if (recipients.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `INSERT INTO outbox (domain_id, kind, body_id, from_addr, to_addr, reply_to, unsubscribe_url)
     SELECT $1, $2, $3, $4, r.to_addr, r.reply_to, r.unsubscribe_url
     FROM unnest($5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS r (to_addr, reply_to, unsubscribe_url, n)
     ORDER BY r.n RETURNING id`,
    [
      envelope.domainId,
      envelope.kind,
      bodyId,
      envelope.from,
      recipients.map((r) => r.to),
      recipients.map((r) => r.replyTo ?? null),
      recipients.map((r) => r.unsubscribeUrl ?? null),
    ],
  );
  return rows.map((r) => Number(r.id));
}

const MAIL_COLUMNS = `o.id::int AS id, o.domain_id, o.kind, o.from_addr, o.to_addr, o.reply_to, o.unsubscribe_url,
  o.status, o.attempts, b.subject, b.html, b.text`;

export async function loadOutboxMail(db: Queryable, id: number): Promise<OutboxMail | null> {
  return (await loadOutboxMails(db, [id]))[0] ?? null;
}

/** The rows of a batch of send jobs, in one query (a digest's bodies are shared, so this stays small per row). */
export async function loadOutboxMails(db: Queryable, ids: readonly number[]): Promise<OutboxMail[]> {
  return db.query<OutboxMail>(
    `SELECT ${MAIL_COLUMNS} FROM outbox o JOIN mail_bodies b ON b.id = o.body_id WHERE o.id = ANY($1::bigint[])`,
    [ids],
  );
}

/** Marks a batch sent (with each SMTP message id) or kept, in one statement. */
export async function markDone(
  db: Queryable,
  status: 'sent' | 'kept',
  done: readonly { id: number; messageId: string | null }[],
): Promise<void> {
  if (done.length === 0) return;
  await db.query(
    `UPDATE outbox o SET status = $1, message_id = d.message_id, attempts = o.attempts + 1, sent_at = now(),
       last_error = NULL
     FROM unnest($2::bigint[], $3::text[]) AS d (id, message_id) WHERE o.id = d.id`,
    [status, done.map((d) => d.id), done.map((d) => d.messageId)],
  );
}

/** A failed attempt; `final` when the queue will not retry it (then the row says failed). */
export async function markAttempt(db: Queryable, id: number, error: string, final: boolean): Promise<void> {
  await db.query(
    `UPDATE outbox SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END
     WHERE id = $1`,
    [id, error.slice(0, 1000), final],
  );
}

export interface OutboxListed {
  id: number;
  created_at: string;
  status: OutboxStatus;
  kind: MailKind;
  from_addr: string;
  to_addr: string;
  subject: string;
  attempts: number;
  last_error: string | null;
}

export async function listOutbox(
  db: Queryable,
  filter: { status?: OutboxStatus | undefined; domainId?: string | undefined; limit: number },
): Promise<OutboxListed[]> {
  return db.query<OutboxListed>(
    `SELECT o.id::int AS id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS created_at, o.status,
       o.kind, o.from_addr, o.to_addr, b.subject, o.attempts, o.last_error
     FROM outbox o JOIN mail_bodies b ON b.id = o.body_id
     WHERE ($1::text IS NULL OR o.status = $1) AND ($2::text IS NULL OR o.domain_id = $2)
     ORDER BY o.id DESC LIMIT $3`,
    [filter.status ?? null, filter.domainId ?? null, filter.limit],
  );
}

export async function countOutbox(db: Queryable, status?: OutboxStatus): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox WHERE ($1::text IS NULL OR status = $1)',
    [status ?? null],
  );
  return rows[0]?.n ?? 0;
}
