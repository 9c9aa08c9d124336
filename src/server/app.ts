import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { networkOf } from '../shared/rules/network';
import { SERVER_OWN_ADDRESS } from './site/inline-api';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerResponseCache, type ResponseCache, type ResponseCacheOptions } from './cache/response-cache';
import { tenantMemo } from './cache/tenant-memo';
import { noReadMemo, readMemo } from './cache/read-memo';
import { DEFAULT_TIMES } from './cache/cache-policy';
import type { Db } from './db/connect';
import { DEFAULT_SCHEMAS_DIR } from './layouts/schemas';
import type { Enqueue } from './mail/digest/send';
import { logMailer, logQueue, type Mailer } from './mail/mailer';
import { registerErrorHandling } from './plugins/errors';
import { registerHttpHeaders } from './plugins/http-headers';
import { resolveTenant } from './plugins/tenancy';
import { adminRoutes } from './routes/admin';
import { invalidate } from './routes/admin/context';
import { fetchFeed } from './feeds/fetch-feed';
import { inProcessDispatch, type FeedDispatch } from './feeds/jobs';
import type { RunServices } from './feeds/runs';
import { feedSecretKey, secretBoxFromKey } from './lib/secret-box';
import { bannerRoutes } from './routes/banners';
import { contentRoutes } from './routes/content';
import { couponListRoutes } from './routes/coupon-lists';
import { couponSingleRoutes } from './routes/coupon-single';
import { DEFAULT_RATE_LIMITS, type RateLimits, type RouteDeps } from './routes/deps';
import { healthRoutes } from './routes/health';
import { mailRoutes } from './routes/mail';
import { newsletterRoutes } from './routes/newsletter';
import { optInPageRoutes } from './routes/opt-in-pages';
import { storePageRoutes } from './routes/store-page';
import { storeRoutes } from './routes/stores';
import { storeFollowRoutes } from './routes/store-follow';
import { clickOutRoutes } from './routes/click-out';
import { couponSignalRoutes } from './routes/coupon-signals';
import { systemUserRoutes } from './routes/system-users';
import { voteRoutes } from './routes/votes';
import { websiteDataRoutes } from './routes/website-data';
import { fileRoutes } from './site/files';
import { mediaFileRoutes } from './media/serve';
import { assetMemory } from './site/asset-memory';
import type { RenderThreads } from './site/server-render';
import { earlyServerFactory, type EarlyAnswer } from './early-answers';
import type { LayoutState } from './layouts/layout-state';
import { layoutStudio, type LayoutsSource } from './layouts/studio';
import type { ClusterBus } from './cluster/bus';
import { documentCookie, type Shoppers } from './site/shopper';
import { derivedSecret, serverSecret, shopperIds, shopperSecrets } from './site/shopper-id';
import { previewGrants } from './site/preview-grant';
import { VOTE_HOLD_SECONDS } from '../shared/rules/signals';
import { pageRoutes } from './site/pages';
import { seoRoutes } from './site/seo';
import type { TemplateSource } from './site/template';
import { NO_PROXY, proxyTrust, type TrustedProxies } from './trusted-proxies';

// The Fastify app: API (SPEC §7) and the site for every tenant, on one origin. main.ts and the tests build it.
export interface AppOptions {
  db: Db;
  layouts: LayoutState;
  template: TemplateSource;
  clientDir: string;
  layoutsDir: string;
  /** LAYOUTS_SOURCE: where `layouts` come from; the layout studio publishes only with 'db' (default 'files'). */
  layoutsSource?: LayoutsSource;
  /** The notices between instances (REDIS_URL): a layout publication tells the others to reload. */
  bus?: ClusterBus | undefined;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** The mail queue's send jobs (the console's "send pending store alerts now"); absent: logged, nothing is sent. */
  mailQueue?: Enqueue;
  /** Per-limit overrides of DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Where the rate limits count (cluster/rate-limit-store.ts with REDIS_URL); per process when absent. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** TRUST_PROXY: which peers may set the client IP and scheme (X-Forwarded-*); none when absent. */
  trustProxy?: TrustedProxies;
  /** Per-tenant response cache of the public reads (on unless enabled: false). */
  responseCache?: ResponseCacheOptions;
  /** The clock of layout schedules, the response cache and the mail throttle (tests move it); Date.now by default. */
  now?: () => number;
  /** Server rendering in worker threads (main.ts: RENDER_THREADS); absent: in the main thread. */
  render?: RenderThreads;
  /** SHOPPER_ID_SECRETS: the first signs shopper ids, all verify; empty or absent: one kept in the database. */
  shopperSecrets?: readonly string[];
  /** How long a new vote waits before it shows (VOTE_HOLD_SECONDS; tests shorten it). */
  voteHoldSeconds?: number;
  /** The console's own host (ADMIN_HOST, default admin.localhost): the only one serving /admin and /api/admin. */
  adminHost?: string;
  /** The affiliate networks' feeds (issue 30). */
  feeds?: FeedOptions;
}

export interface FeedOptions {
  /** FEED_SECRET_KEY: seals the feeds' credentials (absent: feedSecretKey's development key). */
  secretKey?: string;
  /** Who carries out queued runs (main.ts: pg-boss jobs); absent: this process, one after another. */
  dispatch?: (services: RunServices) => FeedDispatch | Promise<FeedDispatch>;
  /** FEED_SYNC_PACE: the sync's rest per batch, as a multiple of the batch's time. */
  pace?: number;
  /** The HTTP client (tests may pass one with short timeouts). */
  fetchFeed?: RunServices['fetchFeed'];
}

export const DEFAULT_ADMIN_HOST = 'admin.localhost';
const CONSOLE_PATH = /^\/(api\/)?admin(\/|\?|$)/;
const hostName = (host: string | undefined): string => (host ?? '').toLowerCase().replace(/:\d+$/, '');

export const BODY_LIMIT = 16 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** What the in-memory stores hold now (MEMORY_REPORT in main.ts; the bench reads it). */
    memoryParts(): { responseCache: { entries: number; bytes: number }; assets: { files: number; bytes: number } };
    /** The feeds' runs: what carries them out here, and how to queue one (main.ts's schedule, tests). */
    feedRuns: { services: RunServices; dispatch: FeedDispatch };
  }
}

function domainDataSchema(): Record<string, unknown> {
  const schema = JSON.parse(
    readFileSync(new URL('domain-data.schema.json', `file://${DEFAULT_SCHEMAS_DIR}`), 'utf8'),
  ) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

/** A tenant is kept no longer than the shortest-lived answer drawn with its data. */
function tenantTtlMs(o: ResponseCacheOptions = {}): number {
  return Math.min(o.ttlMs ?? DEFAULT_TIMES.ttlMs, o.htmlTtlMs ?? DEFAULT_TIMES.htmlTtlMs);
}

/** Kept reads live no longer than any answer they go into (the visit counts' TTL included). */
function memoTtlMs(o: ResponseCacheOptions = {}): number {
  return Math.min(tenantTtlMs(o), o.visitTtlMs ?? DEFAULT_TIMES.visitTtlMs);
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const early: EarlyAnswer[] = [];
  const trust = proxyTrust(opts.trustProxy ?? NO_PROXY);
  const app = newFastify(opts, early, trust);
  const now = opts.now ?? opts.responseCache?.now ?? Date.now;
  const { shoppers, grants, csrfKey } = await serverSecrets(opts.db, opts.shopperSecrets ?? [], now);
  const adminHost = (opts.adminHost ?? DEFAULT_ADMIN_HOST).toLowerCase();
  const deps: RouteDeps = {
    db: opts.db,
    mailer: opts.mailer ?? logMailer(app.log),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits },
    shoppers,
    voteHoldSeconds: opts.voteHoldSeconds ?? VOTE_HOLD_SECONDS,
    now,
  };

  app.decorateRequest('tenant', null);
  const cache = registerCaches(app, opts, { now, shoppers, trust });
  registerConsoleHost(app, adminHost);
  const assets = assetMemory(opts.clientDir);
  early.push(cache.answerEarly, assets.answerEarly);
  app.decorate('memoryParts', () => ({ responseCache: cache.stats(), assets: assets.stats() }));
  registerErrorHandling(app);
  await registerHttpHeaders(app);
  await app.register(rateLimit, { global: false, ...(opts.rateLimitStore ? { store: opts.rateLimitStore } : {}) });
  budgetMisses(app, cache, deps.rateLimits);
  // The build writes a .br and .gz copy of every asset (src/server/build/precompress.ts): sent as they are.
  await app.register(fastifyStatic, { root: opts.clientDir, serve: false, preCompressed: true });
  await registerApiDocs(app);

  // File names as layouts:check prints them ('layouts/home/x.json'), as served-layouts.ts names them.
  const layoutsDir = path.relative(process.cwd(), opts.layoutsDir) || '.';
  const studio = layoutStudio({ db: opts.db, dir: layoutsDir, source: opts.layoutsSource ?? 'files' });

  const feedServices: RunServices = {
    db: opts.db,
    box: secretBoxFromKey(opts.feeds?.secretKey ?? feedSecretKey(process.env).key),
    fetchFeed: opts.feeds?.fetchFeed ?? fetchFeed,
    invalidate: (a) => invalidate(app.responseCache, a),
    log: app.log,
    ...(opts.feeds?.pace === undefined ? {} : { pace: opts.feeds.pace }),
  };
  const feedDispatch = (await opts.feeds?.dispatch?.(feedServices)) ?? inProcessDispatch(feedServices);
  app.decorate('feedRuns', { services: feedServices, dispatch: feedDispatch });

  await app.register(async (scope) => endUserRoutes(scope, deps, opts.layouts));
  await app.register(async (scope) => systemUserRoutes(scope, deps));
  await adminRoutes(app, {
    db: opts.db,
    layouts: opts.layouts,
    clientDir: opts.clientDir,
    rateLimits: deps.rateLimits,
    grants,
    now,
    csrfKey,
    mailQueue: opts.mailQueue ?? logQueue(app.log),
    studio,
    bus: opts.bus,
    feeds: { dispatch: feedDispatch, box: feedServices.box },
  });
  await healthRoutes(app, deps);
  await optInPageRoutes(app, deps);
  // Click-outs leave through /out/:couponId (issue 31): recorded, then redirected to the tagged tracking link.
  await clickOutRoutes(app, { ...deps, layouts: opts.layouts });

  await pageRoutes(app, {
    db: opts.db,
    layouts: opts.layouts,
    template: opts.template,
    now,
    render: opts.render,
    shoppers,
    grants,
    adminHost,
  });
  await seoRoutes(app, deps);
  await mediaFileRoutes(app, { db: opts.db });
  await fileRoutes(app, { clientDir: opts.clientDir, layoutText: studio.previewText, assets, grants, now });
  return app;
}

function newFastify(opts: AppOptions, early: EarlyAnswer[], trust: ReturnType<typeof proxyTrust>): FastifyInstance {
  return Fastify({
    serverFactory: earlyServerFactory(early),
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: trust,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false, allErrors: false } },
  });
}

/**
 * The server's secrets: derived from SHOPPER_ID_SECRETS when it is set (no database needed to start), else each made
 * once and kept in the database (site/shopper-id.ts serverSecret).
 */
async function serverSecrets(db: Db, configured: readonly string[], now: () => number) {
  const secret = async (name: string): Promise<string> =>
    (await serverSecret(db, name, configured.length ? [derivedSecret(configured[0]!, name)] : []))[0]!;
  const shoppers: Shoppers = { ids: shopperIds(await shopperSecrets(db, configured)), now };
  const grants = previewGrants(await secret('preview-grant'));
  const csrfKey = await secret('console-csrf');
  return { shoppers, grants, csrfKey };
}

/** The response cache, and the tenants kept beside it. */
function registerCaches(
  app: FastifyInstance,
  opts: AppOptions,
  { now, shoppers, trust }: { now: () => number; shoppers: Shoppers; trust: ReturnType<typeof proxyTrust> },
): ResponseCache {
  // First: a cached answer leaves before any other hook runs (a browser new to the site still gets its own id).
  const cache = registerResponseCache(
    app,
    { now, documentCookie: documentCookie(shoppers), ...opts.responseCache },
    trust,
  );
  // Tenants are kept as long as their cached answers, and dropped with them (issue 27).
  const memo =
    opts.responseCache?.enabled === false ? null : tenantMemo({ ttlMs: tenantTtlMs(opts.responseCache), now });
  if (memo) cache.onTenantDrop((tenant) => (tenant === 'all' ? memo.dropAll() : memo.dropTenant(tenant)));
  app.decorate('tenantMemo', memo);
  // The reads a page repeats (a store's row, its related stores and counts), kept and dropped under the same tags.
  const reads =
    opts.responseCache?.enabled === false ? noReadMemo : readMemo({ ttlMs: memoTtlMs(opts.responseCache), now });
  cache.onDrop((tag) => reads.drop(tag));
  app.decorate('readMemo', reads);
  return cache;
}

// The console lives on its own host (issue 25): a tenant's page, and whatever script it runs, shares no origin with
// it. Anywhere else /admin and /api/admin do not exist; on the console's host, / is the console.
function registerConsoleHost(app: FastifyInstance, adminHost: string): void {
  app.addHook('onRequest', async (req, reply) => {
    const onAdminHost = hostName(req.headers.host) === adminHost;
    if (CONSOLE_PATH.test(req.url) && !onAdminHost) {
      reply.callNotFound();
      return reply;
    }
    if (onAdminHost && req.method === 'GET' && (req.url === '/' || req.url.startsWith('/?')))
      return reply.redirect('/admin', 302);
  });
}

// Misses are counted per network in the same store as every other limit (Redis across instances when there is one).
function budgetMisses(app: FastifyInstance, cache: ResponseCache, rateLimits: RateLimits): void {
  const misses = app.createRateLimit({
    ...rateLimits.misses,
    keyGenerator: (req) => `miss:${networkOf(req.ip)}`,
  });
  cache.budgetMisses(async (req) => {
    if (req.raw.socket?.remoteAddress === SERVER_OWN_ADDRESS) return null;
    const verdict = await misses(req);
    // isAllowed means "on the allow list"; a counted request is over the limit only when isExceeded says so.
    return verdict.isAllowed || !verdict.isExceeded ? null : verdict.ttlInSeconds;
  });
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dealdeck API',
        version: '1.0.0',
        description: 'SPEC §7 end-user calls plus the site routes. Tenant: domain-name header, else Host.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  app.addSchema(domainDataSchema());
}

// End-user API: every route belongs to the request's tenant (domain-name header, else Host).
async function endUserRoutes(scope: FastifyInstance, deps: RouteDeps, layouts: LayoutState): Promise<void> {
  scope.addHook('onRequest', async (req) => {
    await resolveTenant(deps.db, req);
  });
  await websiteDataRoutes(scope);
  await couponListRoutes(scope, deps);
  await couponSingleRoutes(scope, deps);
  await storeRoutes(scope, deps);
  await storePageRoutes(scope, deps);
  await bannerRoutes(scope, deps);
  await contentRoutes(scope, deps);
  await newsletterRoutes(scope, deps);
  await voteRoutes(scope, deps);
  await mailRoutes(scope, deps);
  await storeFollowRoutes(scope, deps);
  await couponSignalRoutes(scope, { ...deps, layouts });
}
