import type { Queryable } from '../connect';
import { newId } from '../ids';
import type { AdminUser } from '../../../shared/contract/admin';
import type { Role } from './users';

// Console accounts: making admins and editors, and the tenants an editor is granted.
export const DEMO_ADMIN_EMAIL = 'admin@dealdeck.localhost';
/** The demo seed's admin password: a fixed, published demo value (README), seeded and printed only in demo mode. */
export const DEMO_ADMIN_PASSWORD = 'dealdeck-demo-admin';

export interface UpsertUser {
  email: string;
  passwordHash: string;
  role: Role;
  name?: string;
}

/** Creates the user, or sets the role and password of the existing one with this email; returns its id. */
export async function upsertSystemUser(db: Queryable, u: UpsertUser): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO system_users (id, email, name, password_hash, role) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role
     RETURNING id`,
    [newId(), u.email, u.name ?? '', u.passwordHash, u.role],
  );
  return rows[0]!.id;
}

/** Grants an editor the tenants with these ids (existing grants stay). */
export async function grantTenants(db: Queryable, userId: string, domainIds: readonly string[]): Promise<void> {
  if (domainIds.length === 0) return;
  await db.query(
    `INSERT INTO editor_grants (user_id, domain_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
    [userId, domainIds],
  );
}

/** The ids of the tenants an editor is granted. */
export async function grantedTenants(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ domain_id: string }>('SELECT domain_id FROM editor_grants WHERE user_id = $1', [
    userId,
  ]);
  return rows.map((r) => r.domain_id);
}

/** The tenant id serving `host` (lower-case, no port), or null. */
export async function tenantIdByHost(db: Queryable, host: string): Promise<string | null> {
  const rows = await db.query<{ domain_id: string }>('SELECT domain_id FROM domain_hosts WHERE host = $1', [host]);
  return rows[0]?.domain_id ?? null;
}

const USER_SELECT = `SELECT u.id AS _id, u.email, u.name, u.role, u.is_blocked,
  COALESCE((SELECT array_agg(g.domain_id ORDER BY g.domain_id) FROM editor_grants g WHERE g.user_id = u.id), '{}')
    AS tenants
  FROM system_users u`;

export async function listUsers(db: Queryable): Promise<AdminUser[]> {
  return db.query<AdminUser>(`${USER_SELECT} ORDER BY u.email`);
}

export async function findUserForAdmin(db: Queryable, email: string): Promise<AdminUser | null> {
  return (await db.query<AdminUser>(`${USER_SELECT} WHERE u.email = $1`, [email]))[0] ?? null;
}

export async function updateUserAccess(
  db: Queryable,
  id: string,
  u: { role?: Role | undefined; is_blocked?: boolean | undefined; tenants?: readonly string[] | undefined },
): Promise<void> {
  if (u.role !== undefined) await db.query('UPDATE system_users SET role = $2 WHERE id = $1', [id, u.role]);
  if (u.is_blocked !== undefined) {
    await db.query('UPDATE system_users SET is_blocked = $2 WHERE id = $1', [id, u.is_blocked]);
    // A blocked account's sessions end now.
    if (u.is_blocked)
      await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [id]);
  }
  if (u.tenants !== undefined) {
    await db.query('DELETE FROM editor_grants WHERE user_id = $1', [id]);
    await grantTenants(db, id, u.tenants);
  }
}
