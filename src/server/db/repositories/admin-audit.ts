import type { AuditEntry } from '../../../shared/contract/admin';
import type { Queryable } from '../connect';

// The audit of every admin write: who, when, what, and the row before and after. Written in the write's transaction.
export interface AuditRecord {
  userId: string;
  userEmail: string;
  action: 'create' | 'update' | 'delete' | 'import' | 'send';
  entity: string;
  entityId: string | null;
  domainId: string | null;
  before: unknown;
  after: unknown;
}

export async function recordAudit(db: Queryable, a: AuditRecord): Promise<void> {
  await db.query(
    `INSERT INTO admin_audit (user_id, user_email, action, entity, entity_id, domain_id, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      a.userId,
      a.userEmail,
      a.action,
      a.entity,
      a.entityId,
      a.domainId,
      a.before === undefined || a.before === null ? null : JSON.stringify(a.before),
      a.after === undefined || a.after === null ? null : JSON.stringify(a.after),
    ],
  );
}

export async function listAudit(
  db: Queryable,
  o: { q?: string | undefined; page: number; perPage: number },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const q = o.q?.trim()
    ? `%${o.q
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, '\\$&')}%`
    : null;
  const where = `WHERE ($1::text IS NULL OR lower(user_email) LIKE $1 OR entity LIKE $1 OR entity_id LIKE $1
    OR action LIKE $1)`;
  const rows = await db.query<Omit<AuditEntry, 'id' | 'at'> & { id: string | number; at: unknown }>(
    `SELECT id, at, user_email, action, entity, entity_id, domain_id, before, after FROM admin_audit ${where}
     ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
    [q, o.perPage, (o.page - 1) * o.perPage],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_audit ${where}`, [q]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
    })),
    total: total[0]?.n ?? 0,
  };
}
