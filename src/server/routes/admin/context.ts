import type { FastifyRequest } from 'fastify';
import type { ResponseCache } from '../../cache/response-cache';
import type { Db, Queryable } from '../../db/connect';
import { recordAudit, type AuditRecord } from '../../db/repositories/admin-audit';
import type { LayoutState } from '../../layouts/layout-state';
import { operatorOf } from './guard';

// What the admin route modules share: the database, the layouts in force, the response cache, and the audited write.
export interface AdminContext {
  db: Db;
  layouts: LayoutState;
  cache: ResponseCache;
}

/** The cached answers a write changes: its tenants' answers, its stores' pages (in every tenant), or everything. */
export interface Affected {
  tenants?: readonly string[];
  stores?: readonly string[];
  all?: boolean;
}

export interface WriteOutcome<R> {
  result: R;
  audit: Omit<AuditRecord, 'userId' | 'userEmail'>;
  affected: Affected;
}

/**
 * Runs a write and its audit row in one transaction; once it has committed, drops exactly the cached answers it
 * affects (a reader between the commit and the drop may still get the old answer for that instant, never after).
 */
/**
 * The outcome of a write to one record, as the catalogue's routes build it: the audit row keeps the record as it was
 * (null when created) and as it is now (null when deleted), and the answer is the record as it is now.
 */
export function recordWrite<R>(
  audit: Omit<WriteOutcome<R>['audit'], 'after' | 'domainId'> & { domainId?: string | null },
  after: R,
  affected: Affected,
): WriteOutcome<R> {
  return { result: after, audit: { ...audit, domainId: audit.domainId ?? null, after }, affected };
}

export async function auditedWrite<R>(
  ctx: AdminContext,
  req: FastifyRequest,
  run: (tx: Queryable) => Promise<WriteOutcome<R>>,
): Promise<R> {
  const op = operatorOf(req);
  const outcome = await ctx.db.transaction(async (tx) => {
    const out = await run(tx);
    await recordAudit(tx, { ...out.audit, userId: op.id, userEmail: op.email });
    return out;
  });
  invalidate(ctx.cache, outcome.affected);
  return outcome.result;
}

export function invalidate(cache: ResponseCache, a: Affected): void {
  if (a.all) {
    cache.invalidateAll();
    return;
  }
  for (const t of new Set(a.tenants ?? [])) cache.invalidateTenant(t);
  for (const s of new Set(a.stores ?? [])) cache.invalidateStore(s);
}
