import type { Queryable } from '../connect';

// System users and their server-side sessions (only the token's SHA-256 is stored).
/** admin: everything; editor: catalogue and banners of the tenants granted (editor_grants); user: no console. */
export type Role = 'admin' | 'editor' | 'user';
export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  is_blocked: boolean;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(
    'SELECT id, email, name, password_hash, role, is_blocked FROM system_users WHERE email = $1',
    [email],
  );
  return rows[0] ?? null;
}

export async function insertUser(db: Queryable, u: Omit<UserRow, 'is_blocked'>): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO system_users (id, email, name, password_hash, role) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [u.id, u.email, u.name, u.password_hash, u.role],
  );
  return rows.length > 0;
}

export async function setPasswordHash(db: Queryable, id: string, hash: string): Promise<void> {
  await db.query('UPDATE system_users SET password_hash = $2 WHERE id = $1', [id, hash]);
}

export async function setBlocked(db: Queryable, email: string, blocked: boolean): Promise<void> {
  await db.query('UPDATE system_users SET is_blocked = $2 WHERE email = $1', [email, blocked]);
}

export async function insertSession(db: Queryable, tokenHash: string, userId: string, ttlDays: number): Promise<void> {
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3::int))`,
    [tokenHash, userId, ttlDays],
  );
}

/** A console session (issue 25): ends `hours` after sign-in, or after `idleMinutes` without a request. */
export async function insertConsoleSession(
  db: Queryable,
  tokenHash: string,
  userId: string,
  limits: { hours: number; idleMinutes: number },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, kind, idle_minutes, expires_at)
     VALUES ($1, $2, 'console', $4, now() + make_interval(hours => $3::int))`,
    [tokenHash, userId, limits.hours, limits.idleMinutes],
  );
}

/** Sign out everywhere: every live session of the account ends now; how many did. */
export async function revokeUserSessions(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING 1 AS n',
    [userId],
  );
  return rows.length;
}

/**
 * The user of a live session (unrevoked, unexpired, and for a console session used within its idle limit), and the
 * session's kind. A use counts as activity: last_seen_at moves (at most once a minute, to spare writes).
 */
export async function findSessionUser(
  db: Queryable,
  tokenHash: string,
): Promise<(UserRow & { session_kind: 'token' | 'console' }) | null> {
  const rows = await db.query<UserRow & { session_kind: 'token' | 'console'; stale: boolean }>(
    `SELECT u.id, u.email, u.name, u.password_hash, u.role, u.is_blocked, se.kind AS session_kind,
       se.last_seen_at < now() - interval '1 minute' AS stale
     FROM sessions se JOIN system_users u ON u.id = se.user_id
     WHERE se.token_hash = $1 AND se.revoked_at IS NULL AND se.expires_at > now()
       AND (se.idle_minutes IS NULL OR se.last_seen_at > now() - make_interval(mins => se.idle_minutes))`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  const { stale: _stale, ...user } = row;
  return user;
}

/** True when the token was a session of an account that is now blocked (blocking ends its sessions). */
export async function isBlockedAccountSession(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    `SELECT 1 AS one FROM sessions se JOIN system_users u ON u.id = se.user_id
     WHERE se.token_hash = $1 AND u.is_blocked AND se.expires_at > now()`,
    [tokenHash],
  );
  return rows.length > 0;
}

export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}
