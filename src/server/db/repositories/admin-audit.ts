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

/**
 * Each entry with the names an operator recognises (issue 26): the entity's current name, else the name its before /
 * after recorded (a deleted store keeps its name in the audit), the tenant's site name and the operator's name.
 */
const NAMED = `SELECT a.id, a.at, a.user_email, a.action, a.entity, a.entity_id, a.domain_id, a.before, a.after,
  CASE a.entity
    WHEN 'store' THEN COALESCE(s.name, a.after->>'name', a.before->>'name')
    WHEN 'coupon' THEN COALESCE(c.name, a.after->>'name', a.before->>'name')
      || COALESCE(' (' || COALESCE(cs.name, a.after->>'store_name', a.before->>'store_name') || ')', '')
    WHEN 'tenant' THEN COALESCE(d.name, a.after->'data'->>'name', a.before->'data'->>'name')
    WHEN 'user' THEN COALESCE(NULLIF(u.name, '') || ' <' || u.email || '>', u.email, a.after->>'email', a.before->>'email')
    WHEN 'category' THEN a.entity_id
    WHEN 'banner' THEN (COALESCE(a.after, a.before)->>'banner_dimension') || ' '
      || (COALESCE(a.after, a.before)->>'kind') || ' banner → ' || (COALESCE(a.after, a.before)->>'redirect_url')
    WHEN 'coupons' THEN 'CSV import of ' || (a.after->>'rows') || ' coupon rows'
    WHEN 'stores' THEN 'CSV import of ' || (a.after->>'rows') || ' store rows'
  END AS entity_name,
  td.name AS tenant_name,
  COALESCE(NULLIF(su.name, ''), a.user_email) AS user_name
  FROM admin_audit a
  LEFT JOIN stores s ON a.entity = 'store' AND s.id = a.entity_id
  LEFT JOIN coupons c ON a.entity = 'coupon' AND c.id = a.entity_id
  LEFT JOIN stores cs ON cs.id = c.store_id
  LEFT JOIN domains d ON a.entity = 'tenant' AND d.id = a.entity_id
  LEFT JOIN system_users u ON a.entity = 'user' AND u.id = a.entity_id
  LEFT JOIN domains td ON td.id = a.domain_id
  LEFT JOIN system_users su ON su.id = a.user_id`;

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
  // q also finds an entry by the names it shows.
  const where = `WHERE ($1::text IS NULL OR lower(user_email) LIKE $1 OR entity LIKE $1 OR entity_id LIKE $1
    OR action LIKE $1 OR lower(entity_name) LIKE $1 OR lower(tenant_name) LIKE $1 OR lower(user_name) LIKE $1)`;
  const rows = await db.query<Omit<AuditEntry, 'id' | 'at'> & { id: string | number; at: unknown }>(
    `SELECT * FROM (${NAMED}) n ${where} ORDER BY at DESC, id DESC LIMIT $2 OFFSET $3`,
    [q, o.perPage, (o.page - 1) * o.perPage],
  );
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${NAMED}) n ${where}`, [q]);
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
    })),
    total: total[0]?.n ?? 0,
  };
}
