import type { Db, Queryable } from '../connect';
import { recordAudit } from './admin-audit';
import { insertUser, type UserRow } from './users';

// Issue 25: the first admin of a database that has none, set up with a one-time token printed at start (never stored:
// only its SHA-256 is). Every token dies once an admin exists; tokens of several instances' starts all work until then.
export const SETUP_TOKEN_HOURS = 24;

export async function hasAdmin(db: Queryable): Promise<boolean> {
  return (await db.query("SELECT 1 FROM system_users WHERE role = 'admin' LIMIT 1")).length > 0;
}

/** Keeps a new token's hash for SETUP_TOKEN_HOURS, and forgets the expired ones. */
export async function insertSetupToken(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM admin_setup_tokens WHERE expires_at <= now()');
  await db.query(
    `INSERT INTO admin_setup_tokens (token_hash, expires_at) VALUES ($1, now() + make_interval(hours => $2::int))`,
    [tokenHash, SETUP_TOKEN_HOURS],
  );
}

export type FirstAdminOutcome = 'created' | 'admin-exists' | 'invalid-token' | 'email-taken';

/**
 * Makes `user` the first admin when `tokenHash` is a live setup token and no admin exists, then deletes every token.
 * One at a time (a lock held to the end of the transaction): two uses at once, even of two tokens, make one admin.
 */
export async function createFirstAdmin(
  db: Db,
  tokenHash: string,
  user: Omit<UserRow, 'is_blocked' | 'role'>,
): Promise<FirstAdminOutcome> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('dealdeck:first-admin'))");
    if (await hasAdmin(tx)) {
      await tx.query('DELETE FROM admin_setup_tokens');
      return 'admin-exists';
    }
    const live = await tx.query('SELECT 1 FROM admin_setup_tokens WHERE token_hash = $1 AND expires_at > now()', [
      tokenHash,
    ]);
    if (live.length === 0) return 'invalid-token';
    // The token stays usable: the operator picks another email.
    if (!(await insertUser(tx, { ...user, role: 'admin' }))) return 'email-taken';
    await tx.query('DELETE FROM admin_setup_tokens');
    const after = { email: user.email, name: user.name, role: 'admin', by: 'one-time setup link' };
    await recordAudit(tx, {
      userId: user.id,
      userEmail: user.email,
      action: 'create',
      entity: 'user',
      entityId: user.id,
      domainId: null,
      before: null,
      after,
    });
    return 'created';
  });
}
