import type { Queryable } from '../connect';

// What the newsletter subscriptions and the store follows share (issue 14): a row per address that is pending until
// its token is POSTed back, then confirmed, or unsubscribed. The token is two v4 UUIDs
// from PostgreSQL's strong random (64 hex characters, 244 random bits).
export type SubscriptionStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** The two tables; table names come from this closed list only, never from a request. */
export const OPT_IN_TABLES = { newsletter: 'newsletter_subscriptions', alerts: 'store_follows' } as const;
export type OptInTable = keyof typeof OPT_IN_TABLES;

export interface OptIn {
  domainId: string;
  email: string;
  status: SubscriptionStatus;
  token: string;
  /** store_follows only: the followed store. */
  storeId: string | null;
}

export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export async function findOptIn(db: Queryable, list: OptInTable, token: string): Promise<OptIn | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const store = list === 'alerts' ? 'store_id' : 'NULL::text';
  const rows = await db.query<OptIn>(
    `SELECT domain_id AS "domainId", email, status, token, ${store} AS "storeId" FROM ${OPT_IN_TABLES[list]}
     WHERE token = $1`,
    [token],
  );
  return rows[0] ?? null;
}

/** Confirms a pending row; returns the row after it (a confirmed or unsubscribed one is left as it is). */
export async function confirmOptIn(db: Queryable, list: OptInTable, token: string): Promise<OptIn | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  await db.query(
    `UPDATE ${OPT_IN_TABLES[list]} SET status = 'confirmed', confirmed_at = now() WHERE token = $1 AND status = 'pending'`,
    [token],
  );
  return findOptIn(db, list, token);
}

/**
 * Unsubscribes at once (RFC 8058: no login, no confirmation); returns the row after it. A store-alert mail covers every
 * store the address follows on the tenant, so its one-click link ends all of them.
 */
export async function unsubscribeOptIn(db: Queryable, list: OptInTable, token: string): Promise<OptIn | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const which =
    list === 'alerts'
      ? '(domain_id, email) = (SELECT domain_id, email FROM store_follows WHERE token = $1)'
      : 'token = $1';
  await db.query(
    `UPDATE ${OPT_IN_TABLES[list]} SET status = 'unsubscribed', unsubscribed_at = now()
     WHERE ${which} AND status <> 'unsubscribed'`,
    [token],
  );
  return findOptIn(db, list, token);
}
