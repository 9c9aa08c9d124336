import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from '../../../src/shared/contract/admin';

/** Every /api/admin/… route of the app as 'METHOD /path/:param', read from its OpenAPI document (none can hide). */
export function adminRoutes(app: FastifyInstance): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(`${ADMIN_PREFIX}/`))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}
