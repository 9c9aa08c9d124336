import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import { ADMIN_PREFIX, CSRF_HEADER } from '../../../shared/contract/admin';
import type { RateLimits } from '../deps';
import { consoleSessionRoutes, CSRF_COOKIE } from './session';
import { adminPreviewRoutes } from './preview';
import type { PreviewGrants } from '../../site/preview-grant';
import type { Db } from '../../db/connect';
import type { Enqueue } from '../../mail/digest/send';
import type { LayoutState } from '../../layouts/layout-state';
import type { LayoutStudio } from '../../layouts/studio';
import type { ClusterBus } from '../../cluster/bus';
import { adminAlertRoutes } from './alerts';
import { adminAuditRoutes } from './audit';
import { adminBannerRoutes } from './banners';
import { adminCategoryRoutes } from './categories';
import { adminCouponRoutes } from './coupons';
import { adminExperimentRoutes } from './experiments';
import { adminFeedRoutes, type FeedRouteDeps } from './feeds';
import { adminRevenueRoutes } from './revenue';
import { adminRevenueCurrencyRoutes } from './revenue-currency';
import type { AdminContext } from './context';
import { identifyOperator } from './guard';
import { adminImportRoutes } from './import';
import { adminLayoutPublishRoutes } from './layout-publish';
import { adminLayoutStudioRoutes } from './layout-studio';
import { adminOverviewRoutes } from './overview';
import { adminMediaRoutes } from './media';
import { consolePageRoutes } from './console-page';
import { adminSetupRoutes } from './setup';
import { adminStoreAlertRoutes } from './store-alerts';
import { adminStoreRoutes } from './stores';
import { adminTenantRoutes } from './tenants';
import { adminUserRoutes } from './users';
import { humanSchemaErrors } from './validation-message';

// The operators' console API (issue 15), /api/admin/…: one encapsulated scope whose first hook authenticates every
// request (401 / 403 before the body is read), answers never stored (no-store), bodies up to 1 MB (header scripts)
// and CSV files up to 20 MB on the import.
export const ADMIN_BODY_LIMIT = 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An admin route anyone may call (the console's sign-in): no session is identified before it. */
    public?: boolean;
  }
}

/** What the console's routes are built from (app.ts). */
export interface AdminDeps {
  db: Db;
  layouts: LayoutState;
  clientDir: string;
  rateLimits: RateLimits;
  grants: PreviewGrants;
  now: () => number;
  /** The HMAC key binding CSRF tokens to sessions (the same on every instance). */
  csrfKey: string;
  /** Where the console's "send pending store alerts now" queues its mails. */
  mailQueue: Enqueue;
  /** The layout studio's documents, drafts and versions (issue 29). */
  studio: LayoutStudio;
  /** The other instances' notices: a publication tells them to reload their layouts. */
  bus?: ClusterBus | undefined;
  /** The feeds' run queue and the credentials' sealer (issue 30). */
  feeds: FeedRouteDeps;
}

export async function adminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  await consolePageRoutes(app, { clientDir: deps.clientDir });
  // The first admin's setup (issue 25): its one-time token is its credential, so it is outside the bearer-token scope.
  await app.register(async (scope) => adminSetupRoutes(scope, deps.db));
  const ctx: AdminContext = { db: deps.db, layouts: deps.layouts, cache: app.responseCache };
  const hmacKey = deps.csrfKey;
  await app.register(
    async (scope) => {
      // The console's cookie session and its CSRF tokens (issue 25): cookies are parsed in this scope only.
      await scope.register(fastifyCookie);
      await scope.register(fastifyCsrf, {
        sessionPlugin: '@fastify/cookie',
        cookieKey: CSRF_COOKIE,
        cookieOpts: { path: '/', httpOnly: true, sameSite: 'strict', secure: 'auto' },
        getToken: (req) => {
          const v = req.headers[CSRF_HEADER];
          return typeof v === 'string' ? v : undefined;
        },
        // A token is good for one session only.
        getUserInfo: (req) => req.operator?.session.hash ?? '',
        csrfOpts: { hmacKey, userInfo: true },
      });
      // Every admin route is in /api/docs: the role test (tests/server/admin-roles.test.ts) reads its table from that
      // document, so a route hidden from it would escape the table.
      scope.addHook('onRoute', (route) => {
        if ((route.schema as { hide?: boolean } | undefined)?.hide)
          throw new Error(`${route.method} ${route.url}: admin routes may not be hidden from /api/docs`);
        // A request that breaks the schema is answered in the console form's words (issue 26).
        route.schemaErrorFormatter ??= humanSchemaErrors(route.schema);
      });
      scope.decorateRequest('operator', null);
      // Fetch metadata first: a browser says where a request comes from, and the console's changes (its sign-in
      // included) come from its own pages only, whatever cookie the browser would attach.
      scope.addHook('onRequest', async (req, reply) => {
        const site = req.headers['sec-fetch-site'];
        if (SAFE_METHODS.has(req.method) || site === undefined || site === 'same-origin' || site === 'none') return;
        return reply
          .code(403)
          .send({ success: false, message: 'Refused: the console accepts changes only from its own pages.' });
      });
      scope.addHook('onRequest', async (req) => {
        if (req.routeOptions.config.public) return;
        req.operator = await identifyOperator(deps.db, req);
      });
      budgetWrites(scope, deps.rateLimits.adminWrites);
      // A write made with the console's cookie must carry its CSRF token (a bearer token cannot be sent by another site).
      scope.addHook('onRequest', (req, reply, done) => {
        if (req.operator?.session.via === 'cookie' && !SAFE_METHODS.has(req.method))
          return scope.csrfProtection(req, reply, done);
        done();
      });
      scope.addHook('onSend', async (_req, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      // The import reads the request's stream itself, row by row, up to its own limits (import.ts).
      scope.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));
      await consoleSessionRoutes(scope, { db: deps.db, rateLimits: deps.rateLimits });
      await adminTenantRoutes(scope, ctx);
      await adminStoreRoutes(scope, ctx);
      await adminCouponRoutes(scope, ctx);
      await adminCategoryRoutes(scope, ctx);
      await adminBannerRoutes(scope, ctx);
      await adminImportRoutes(scope, ctx);
      await adminAuditRoutes(scope, ctx);
      await adminUserRoutes(scope, ctx);
      await adminExperimentRoutes(scope, ctx);
      await adminAlertRoutes(scope, ctx);
      await adminOverviewRoutes(scope, { ...ctx, now: deps.now });
      await adminMediaRoutes(scope, ctx);
      await adminStoreAlertRoutes(scope, ctx, deps.mailQueue);
      await adminPreviewRoutes(scope, { ...ctx, grants: deps.grants, now: deps.now });
      await adminLayoutStudioRoutes(scope, { ...ctx, studio: deps.studio });
      await adminLayoutPublishRoutes(scope, { ...ctx, studio: deps.studio, bus: deps.bus });
      await adminFeedRoutes(scope, ctx, deps.feeds);
      await adminRevenueRoutes(scope, ctx);
      await adminRevenueCurrencyRoutes(scope, ctx);
    },
    { prefix: ADMIN_PREFIX },
  );
}

/** Each operator's changes have a budget (after sign-in is checked, so it counts the operator, not the address). */
function budgetWrites(scope: FastifyInstance, limit: RateLimits['adminWrites']): void {
  const writeBudget = scope.rateLimit({
    ...limit,
    keyGenerator: (req) => `admin-writes:${req.operator?.id ?? req.ip}`,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: `Too many changes from your account; please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  scope.addHook('preHandler', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || req.routeOptions.config.public) return;
    await writeBudget.call(scope, req, reply);
  });
}
