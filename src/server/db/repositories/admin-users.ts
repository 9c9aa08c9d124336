import type { Queryable } from '../connect';
import { newId } from '../ids';
import type { Role } from './users';

// Console accounts: making admins and editors, and the tenants an editor is granted.
export const DEMO_ADMIN_EMAIL = 'admin@dealdeck.localhost';
/** The demo seed's admin password: a fixed, documented demo value (README), printed by `npm start` on first seed. */
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
