import type { FastifyInstance } from 'fastify';
import { ADMIN_PREFIX } from '../../../shared/contract/admin';
import type { Db } from '../../db/connect';
import type { LayoutState } from '../../site/layout-state';
import { adminAuditRoutes } from './audit';
import { adminBannerRoutes } from './banners';
import { adminCategoryRoutes } from './categories';
import { adminCouponRoutes } from './coupons';
import { adminExperimentRoutes } from './experiments';
import type { AdminContext } from './context';
import { identifyOperator } from './guard';
import { adminImportRoutes } from './import';
import { consolePageRoutes } from './console-page';
import { adminStoreRoutes } from './stores';
import { adminTenantRoutes } from './tenants';
import { adminUserRoutes } from './users';

// The operators' console API (issue 15), /api/admin/…: one encapsulated scope whose first hook authenticates every
// request (401 / 403 before the body is read), answers never stored (no-store), bodies up to 1 MB (header scripts)
// and CSV files up to 20 MB on the import.
export const ADMIN_BODY_LIMIT = 1024 * 1024;

export async function adminRoutes(
  app: FastifyInstance,
  deps: { db: Db; layouts: LayoutState; clientDir: string },
): Promise<void> {
  await consolePageRoutes(app, { clientDir: deps.clientDir });
  const ctx: AdminContext = { db: deps.db, layouts: deps.layouts, cache: app.responseCache };
  await app.register(
    async (scope) => {
      // Every admin route is in /api/docs: the role test (tests/server/admin-roles.test.ts) reads its table from that
      // document, so a route hidden from it would escape the table.
      scope.addHook('onRoute', (route) => {
        if ((route.schema as { hide?: boolean } | undefined)?.hide)
          throw new Error(`${route.method} ${route.url}: admin routes may not be hidden from /api/docs`);
      });
      scope.decorateRequest('operator', null);
      scope.addHook('onRequest', async (req) => {
        req.operator = await identifyOperator(deps.db, req);
      });
      scope.addHook('onSend', async (_req, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      // The import reads the request's stream itself, row by row, up to its own limits (import.ts).
      scope.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));
      await adminTenantRoutes(scope, ctx);
      await adminStoreRoutes(scope, ctx);
      await adminCouponRoutes(scope, ctx);
      await adminCategoryRoutes(scope, ctx);
      await adminBannerRoutes(scope, ctx);
      await adminImportRoutes(scope, ctx);
      await adminAuditRoutes(scope, ctx);
      await adminUserRoutes(scope, ctx);
      await adminExperimentRoutes(scope, ctx);
    },
    { prefix: ADMIN_PREFIX },
  );
}
