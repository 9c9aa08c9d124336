import type { Queryable } from '../connect';

// Newsletter subscriptions with double opt-in (issue 14): one row per tenant and email, pending until its token is
// POSTed back, confirmed, or unsubscribed (a new subscription then starts double opt-in again with a new token).
import type { SubscriptionStatus } from './opt-ins';

/** created: new or re-subscribed (confirmation to send); pending: not confirmed yet (resend); confirmed: nothing to do. */
export type SubscribeOutcome = 'created' | 'pending' | 'confirmed';

export async function subscribe(
  db: Queryable,
  domainId: string,
  email: string,
): Promise<{ outcome: SubscribeOutcome; token: string }> {
  const rows = await db.query<{ token: string; previous: SubscriptionStatus | null }>(
    `WITH prev AS (SELECT status FROM newsletter_subscriptions WHERE domain_id = $1 AND email = $2)
     INSERT INTO newsletter_subscriptions (domain_id, email) VALUES ($1, $2)
     ON CONFLICT (domain_id, email) DO UPDATE SET
       status = CASE WHEN newsletter_subscriptions.status = 'unsubscribed' THEN 'pending'
                ELSE newsletter_subscriptions.status END,
       token = CASE WHEN newsletter_subscriptions.status = 'unsubscribed' THEN EXCLUDED.token
               ELSE newsletter_subscriptions.token END,
       unsubscribed_at = NULL
     RETURNING token, (SELECT status FROM prev) AS previous`,
    [domainId, email],
  );
  const row = rows[0];
  if (!row) throw new Error('subscribe: no row returned');
  const outcome: SubscribeOutcome = row.previous === null || row.previous === 'unsubscribed' ? 'created' : row.previous;
  return { outcome, token: row.token };
}

/** Confirmed subscribers of a tenant, in id order, `limit` after `afterId` (the digest pages through them). */
export async function confirmedSubscribers(
  db: Queryable,
  domainId: string,
  afterId: number,
  limit: number,
): Promise<{ id: number; email: string; token: string }[]> {
  return db.query(
    `SELECT id::int AS id, email, token FROM newsletter_subscriptions
     WHERE domain_id = $1 AND status = 'confirmed' AND id > $2 ORDER BY id LIMIT $3`,
    [domainId, afterId, limit],
  );
}

export async function countSubscriptions(db: Queryable, domainId: string, email?: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE domain_id = $1 AND ($2::text IS NULL OR email = $2)',
    [domainId, email ?? null],
  );
  return rows[0]?.n ?? 0;
}
