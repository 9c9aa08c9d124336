import { createHash } from 'node:crypto';
import {
  CONFIRMATION_DAY_MS,
  inboxKey,
  mayMailConfirmation,
  recentConfirmations,
} from '../../../shared/rules/confirmation-throttle';
import type { Queryable } from '../connect';

// Issue 24: the throttle's state in the database (migration 050), so every instance obeys one count. The row of an
// inbox is locked by the sign-up's own transaction: two sign-ups of one address on two instances at the same moment
// take turns, and the second sees the first one's send.

const inboxOf = (email: string): string => createHash('sha256').update(inboxKey(email)).digest('hex');

/** Rows pruned per claim: enough to keep up with the sign-ups that create them, never a long statement. */
const PRUNE_BATCH = 10;

/** In the sign-up's transaction: true, with the send recorded, when a mail may go to `email`'s inbox at `now`. */
export async function claimConfirmationMail(tx: Queryable, email: string, now: number): Promise<boolean> {
  const inbox = inboxOf(email);
  // Inserts the row or locks the existing one (ON CONFLICT DO UPDATE takes the row lock), in one statement.
  const [row] = await tx.query<{ ms: number[] }>(
    `INSERT INTO confirmation_throttle AS c (inbox) VALUES ($1)
     ON CONFLICT (inbox) DO UPDATE SET inbox = EXCLUDED.inbox
     RETURNING ARRAY(SELECT (extract(epoch FROM t) * 1000)::float8 FROM unnest(c.sent_at) t) AS ms`,
    [inbox],
  );
  await tx.query(
    `DELETE FROM confirmation_throttle WHERE inbox IN (
       SELECT inbox FROM confirmation_throttle WHERE last_sent_at < $1 AND inbox <> $2
       LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)`,
    [new Date(now - CONFIRMATION_DAY_MS), inbox],
  );
  const sent = (row?.ms ?? []).map(Number);
  if (!mayMailConfirmation(sent, now)) return false;
  await tx.query('UPDATE confirmation_throttle SET sent_at = $2::timestamptz[], last_sent_at = $3 WHERE inbox = $1', [
    inbox,
    recentConfirmations([...sent, now], now).map((t) => new Date(t)),
    new Date(now),
  ]);
  return true;
}

/** Gives back a claimed send whose mail could not be queued, so the next sign-up may try again. */
export async function releaseConfirmationMail(db: Queryable, email: string, at: number): Promise<void> {
  await db.query('UPDATE confirmation_throttle SET sent_at = array_remove(sent_at, $2::timestamptz) WHERE inbox = $1', [
    inboxOf(email),
    new Date(at),
  ]);
}
