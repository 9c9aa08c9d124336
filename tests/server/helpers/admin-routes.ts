import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from '../../../src/shared/contract/admin';

/**
 * Routes whose credential is not an operator's session: the console's own session routes act on the caller's session
 * (sign in, the page's CSRF token, sign out, sign out everywhere; tests/server/console-session.test.ts), and the first
 * admin's setup takes a one-time token (tests/server/admin-setup.test.ts).
 */
const OWN_SESSION = /^\/api\/admin\/(sessions?|setup)$/;

/**
 * Every /api/admin/… route of the app as 'METHOD /path/:param', read from its OpenAPI document (none can hide), but
 * the caller's own session routes.
 */
export function adminRoutes(app: FastifyInstance): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(`${ADMIN_PREFIX}/`) && !OWN_SESSION.test(path))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}
