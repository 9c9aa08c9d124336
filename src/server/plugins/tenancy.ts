import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { findTenantByHost, type Tenant } from '../db/repositories/domains';
import { ApiError } from '../lib/api-error';
import { requestHost } from '../lib/host';
import type { TenantMemo } from '../cache/tenant-memo';

// A request's tenant: the `domain-name` header when present, else the Host header (port ignored, case-insensitive).
declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant | null;
  }
  interface FastifyInstance {
    /** Recent hosts' tenants (null: every request asks the database, as when the response cache is off). */
    tenantMemo: TenantMemo | null;
  }
}

export function wantsHtml(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return req.method === 'GET' && accept.includes('text/html') && !req.url.startsWith('/api/');
}

export class UnknownSiteError extends ApiError {
  constructor(readonly host: string) {
    super(404, `Unknown site: ${host.slice(0, 253)}`);
  }
}

/** Resolves and sets req.tenant; throws 400 without any host, 404 for an unknown one. */
export async function resolveTenant(db: Db, req: FastifyRequest): Promise<Tenant> {
  const host = requestHost(req);
  if (host === null || host === '') throw new ApiError(400, 'Missing Host or domain-name header.');
  if (host.length > 253) throw new UnknownSiteError(host);
  const load = () =>
    findTenantByHost(db, host, (issue) =>
      req.log.warn({ issue }, 'stored row fails the contract; field set to its default'),
    );
  const memo = req.server.tenantMemo;
  const tenant = await (memo ? memo.find(host, load) : load());
  if (!tenant) throw new UnknownSiteError(host);
  req.tenant = tenant;
  return tenant;
}

export function tenantOf(req: FastifyRequest): Tenant {
  if (!req.tenant) throw new ApiError(500, 'Tenant not resolved for this route.');
  return req.tenant;
}
