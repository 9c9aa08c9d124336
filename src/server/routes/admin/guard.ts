import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { grantedTenants } from '../../db/repositories/admin-users';
import { authenticate } from '../../plugins/auth';
import { ApiError } from '../../lib/api-error';

// Who may use the console: every /api/admin/… request is authenticated before its body is read or validated (401 without
// a live token), a `user` or a blocked account gets 403, and each route then checks the operator's reach: an admin may do
// everything, an editor only the catalogue and banners of the tenants granted to them (editor_grants).
export const BLOCKED = 'user does not have access to the portal';

export interface Operator {
  id: string;
  email: string;
  role: 'admin' | 'editor';
  /** 'all' for an admin; the granted tenant ids for an editor. */
  tenants: 'all' | ReadonlySet<string>;
  /** The session: its token's hash, and how it came (the console's cookie, or an API client's bearer token). */
  session: { hash: string; via: 'bearer' | 'cookie' };
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

export async function identifyOperator(db: Db, req: FastifyRequest): Promise<Operator> {
  const { user, hash, via } = await authenticate(db, req);
  if (user.is_blocked) throw new ApiError(403, BLOCKED);
  if (user.role !== 'admin' && user.role !== 'editor')
    throw new ApiError(403, 'Your account has no access to the console (role "user").');
  const tenants = user.role === 'admin' ? 'all' : new Set(await grantedTenants(db, user.id));
  return { id: user.id, email: user.email, role: user.role, tenants, session: { hash, via } };
}

export function operatorOf(req: FastifyRequest): Operator {
  if (!req.operator) throw new ApiError(401, 'Authentication required: sign in to the console.');
  return req.operator;
}

export function requireAdmin(req: FastifyRequest): Operator {
  const op = operatorOf(req);
  if (op.role !== 'admin') throw new ApiError(403, 'Only an admin may do this.');
  return op;
}

export const reaches = (op: Operator, tenantId: string): boolean => op.tenants === 'all' || op.tenants.has(tenantId);

/** 403 unless the operator may edit this tenant's catalogue and banners. */
export function requireTenant(req: FastifyRequest, tenantId: string | null | undefined): Operator {
  const op = operatorOf(req);
  if (op.tenants === 'all') return op;
  if (!tenantId) throw new ApiError(403, 'Editors must name one of their tenants (?tenant=<id>).');
  if (!op.tenants.has(tenantId)) throw new ApiError(403, 'This tenant is not granted to you.');
  return op;
}

/** 403 unless the operator reaches at least one of the tenants publishing a store (an admin reaches every store). */
export function requireAnyTenant(req: FastifyRequest, tenantIds: readonly string[]): Operator {
  const op = operatorOf(req);
  if (op.tenants === 'all' || tenantIds.some((t) => reaches(op, t))) return op;
  throw new ApiError(403, 'This store is not published by any tenant granted to you.');
}
