import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Tenant } from '../db/repositories/domains';
import { ApiError } from '../lib/api-error';
import { resolveTenant, wantsHtml } from '../plugins/tenancy';
import { htmlCsp, scriptHash, tenantScriptHashes } from './csp';
import type { PreviewGrants } from './preview-grant';
import { moduleFiles, renderBootstrap, renderHead, renderPage, renderSectionPreloads, type Bootstrap } from './html';
import { statusPage } from '../plugins/status-page';
import { inlineApi } from './inline-api';
import { graph, offers, organization } from './json-ld';
import { listedCoupons } from './listed-offers';
import type { LayoutState } from '../layouts/layout-state';
import { pageParam } from './page-meta';
import { parseOfferParams } from '../../shared/rules/offer-params';
import { canonicalPageUrl } from '../../shared/rules/page-query';
import { resolvePageMeta } from './route-meta';
import { PAGE_ROUTES } from '../../shared/routes';
import { pageDocuments, sectionTypesOf } from '../../shared/layout/page-documents';
import { HOME_VARIANTS, pageModuleOf, SPA_ROUTES } from '../../shared/spa-routes';
import { fileRenderer, pooledRenderer, type RenderedPage, type RenderThreads } from './server-render';
import type { TemplateSource } from './template';
import { exposuresOf } from './experiments';
import { recordExposures } from '../db/repositories/experiments';
import { recordSignalAlert } from '../db/repositories/signal-alerts';
import { EXPOSURE_BURST } from '../../shared/rules/signals';
import { shopperSeenPath } from '../../shared/contract/queries/coupon-url';
import { networkOfRequest, shopperOf, signedShopper, type RequestShopper, type Shoppers } from './shopper';
import type { LayoutContext } from '../layouts/load';
import { DEFAULT_TIME_ZONE, scheduleInstant } from '../../shared/layout/schedule';

// index.html for every SPA route, per tenant, with the page's status, head and inlined first-render data;
// plain pages for unknown sites and while the client is being built.
export interface SiteDeps {
  db: Db;
  layouts: LayoutState;
  template: TemplateSource;
  /** The clock layout schedules are read with. */
  now?: () => number;
  /** Documents drawn in worker threads (npm start: RENDER_THREADS, default 1); absent or 0: in the main thread. */
  render?: RenderThreads;
  /** Signed shopper ids: every browser gets one with its first page. */
  shoppers: Shoppers;
  /** The operators' preview grants (?layout=, ?at=). */
  grants: PreviewGrants;
  /** The console's host (ADMIN_HOST): the only one that may frame a preview. */
  adminHost: string;
}

/** The experiment page's beacon: once loaded, POST shopperSeenPath (cookies go with it; no body, no answer read). */
const SEEN_BEACON = `addEventListener('load',function(){navigator.sendBeacon&&navigator.sendBeacon(${JSON.stringify(shopperSeenPath)})})`;

/**
 * Records the shopper's exposures to the running experiments (their browser sent the id back unless it is new now),
 * and alerts operators when one network brings more new ids to an arm in an hour than EXPOSURE_BURST.
 */
async function recordServedExposures(
  db: Db,
  req: FastifyRequest,
  tenant: Tenant,
  shopper: RequestShopper,
  exposures: ReturnType<typeof exposuresOf>,
): Promise<void> {
  const network = networkOfRequest(req);
  const seen = await recordExposures(db, tenant.id, shopper.key, network, !shopper.fresh, exposures);
  for (const { exposure, networkLastHour } of seen) {
    if (networkLastHour <= EXPOSURE_BURST) continue;
    await recordSignalAlert(db, {
      kind: 'exposure_burst',
      domainId: tenant.id,
      couponId: null,
      experimentId: exposure.experimentId,
      variant: exposure.variant,
      network,
      count: networkLastHour,
    });
  }
}

/**
 * ?layout= and ?at= make a preview, but only with the operator's signed `grant` for this tenant, this layout and this
 * instant (issue 25): read-only (no cookie set, nothing recorded), noindex and never cached. Without one, both are
 * ignored: anyone else gets the published page. `at` is the instant drawn (ISO 8601; without an offset, the tenant's
 * time zone); undefined when absent, null when unreadable.
 */
function previewOf(
  query: Record<string, unknown>,
  tenantId: string,
  timeZone: string,
  grants: PreviewGrants,
  now: number,
): { preview: boolean; at: number | null | undefined } {
  const layout = typeof query.layout === 'string' ? query.layout : '';
  const at = typeof query.at === 'string' ? query.at : '';
  if (layout === '' && at === '') return { preview: false, at: undefined };
  const grant = grants.verify(query.grant, now);
  if (!grant || grant.tenant !== tenantId || grant.layout !== layout || grant.at !== at)
    return { preview: false, at: undefined };
  return { preview: true, at: at === '' ? undefined : scheduleInstant(at.trim(), timeZone) };
}

/** Scheme + host of the request when its Host is a plain host[:port] of this tenant, else the tenant's own host. */
export function siteOrigin(req: FastifyRequest, tenant: Tenant): string {
  const raw = req.headers.host ?? '';
  const host =
    /^[a-z0-9.-]+(:\d{1,5})?$/i.test(raw) && raw.toLowerCase().split(':')[0] === tenant.host
      ? raw.toLowerCase()
      : tenant.host;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

/** The tenant of an HTML request, or an answered plain error page (404 unknown site, 400 no host). */
export async function htmlTenant(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<Tenant | null> {
  try {
    return await resolveTenant(db, req);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    const text = err.statusCode === 404 ? `There is no site at this address (${err.message}).` : err.message;
    await reply
      .code(err.statusCode)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(statusPage(err.statusCode === 404 ? 'Unknown site' : 'Bad request', text));
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers an HTML request for a path no route serves: 404 with the SPA (the client shows its not-found page). */
    siteNotFound(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

export async function pageRoutes(app: FastifyInstance, deps: SiteDeps): Promise<void> {
  // Inlined answers come from the response cache (through app.inject), so its invalidation reaches the page.
  const api = inlineApi(app);
  const now = deps.now ?? Date.now;
  const ssrDir = deps.template.ssrDir;
  const renderer = !ssrDir
    ? async () => null
    : deps.render && deps.render.threads > 0
      ? pooledRenderer(app, ssrDir, deps.render)
      : fileRenderer(app, ssrDir, deps.render?.dataTimeoutMs);
  // Pages drawn on the server: the homes and the pages the route table (src/shared/routes.ts) marks drawnBy 'server';
  // /login and unknown paths are drawn by the browser, and /searchpage only with ?q= (see drawnBy).
  const serverRendered = new Set([
    '/',
    ...Object.values(HOME_VARIANTS),
    ...PAGE_ROUTES.filter((r) => r.drawnBy === 'server').map((r) => r.path),
  ]);
  const drawnOnServer = (route: string | null, query: Record<string, unknown>) =>
    route !== null &&
    serverRendered.has(route) &&
    (route !== '/searchpage' || (typeof query.q === 'string' && query.q.trim() !== ''));
  /** The page drawn by the server-rendering bundle; null (the browser draws it) when there is none or it failed. */
  const drawOnServer = async (
    req: FastifyRequest,
    host: string,
    bootstrap: Bootstrap,
  ): Promise<RenderedPage | null> => {
    // Drawn from the parameters the page reads alone (issue 27): the document is the same for every address that
    // shares its cache key. A preview keeps its own (?layout, ?at, ?grant: the browser reads them to draw it).
    const url = bootstrap.config.preview ? req.url : canonicalPageUrl(req.url);
    try {
      const r = await renderer();
      return r ? await r.render({ url, host, bootstrap }) : null;
    } catch (err) {
      req.log.error({ err }, 'server rendering failed; the browser draws the page');
      return null;
    }
  };
  const serve = async (req: FastifyRequest, reply: FastifyReply, route: string | null) => {
    const tenant = await htmlTenant(deps.db, req, reply);
    if (!tenant) return reply;
    const template = await deps.template.get();
    if (template === null) {
      const s = deps.template.buildState();
      req.log.warn({ build: s }, 'no client build to serve');
      return reply
        .code(503)
        .header('retry-after', '10')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          statusPage(
            'This site is being built',
            s.state === 'failed'
              ? 'The site could not be built yet; the operators have been told. Please try again shortly.'
              : 'The site is being built. Please reload in a few seconds.',
          ),
        );
    }
    const origin = siteOrigin(req, tenant);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const timeZone = tenant.data.time_zone || DEFAULT_TIME_ZONE;
    const { preview, at: previewAt } = previewOf(query, tenant.id, timeZone, deps.grants, now());
    if (previewAt === null) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(statusPage('Bad request', 'at must be an ISO 8601 date and time, e.g. 2026-11-27T10:00:00Z.'));
    }
    // Bots get every experiment's control; a browser new to the site gets its signed id (a preview sets nothing).
    const shopper = preview ? null : shopperOf(req, reply, deps.shoppers);
    const layoutContext: LayoutContext = {
      hosts: tenant.hosts,
      homePage: tenant.data.home_page,
      at: previewAt ?? now(),
      timeZone,
      shopper: preview ? (signedShopper(req, deps.shoppers)?.id ?? null) : (shopper?.id.id ?? null),
    };
    const pageMeta = await resolvePageMeta({
      db: deps.db,
      api,
      tenant,
      origin,
      route,
      params: route === null ? {} : (req.params as Record<string, string>),
      path: req.url.split('?')[0] ?? '/',
      page: pageParam(query.page),
      offers: parseOfferParams((name) => (typeof query[name] === 'string' ? query[name] : null)),
    });
    const meta = preview ? { ...pageMeta, robots: 'noindex, nofollow' } : pageMeta;
    // One snapshot of the documents (these calls run without a pause): a reload during the render below leaves the
    // kept copy invalid rather than valid for documents it was not drawn with.
    const layoutsInForce = deps.layouts.current();
    const layouts = deps.layouts.resolve(layoutContext);
    const homeVariants = deps.layouts.homeVariants(layoutContext);
    const running = deps.layouts.experiments(layoutContext);
    const nextEdge = deps.layouts.nextEdge(layoutContext);
    const data: Bootstrap = {
      host: tenant.host,
      domain: tenant.data,
      layouts,
      homeVariants,
      config: { apiBase: '', assetBase: '/assets/', recaptchaSiteKey: null, analyticsId: null, preview },
      queries: meta.queries,
      renderedAt: previewAt ?? now(),
    };
    const drawn = drawnOnServer(route, query) ? await drawOnServer(req, tenant.host, data) : null;
    if (drawn) data.queries = [...meta.queries, ...drawn.queries];
    const bootstrap = renderBootstrap(data);
    const chunks = await deps.template.sectionChunks();
    const page = pageModuleOf(route);
    const types = sectionTypesOf(pageDocuments(req.url.split('?')[0] ?? '/', layouts, homeVariants));
    const preloads = renderSectionPreloads(chunks, drawn ? 'deferred' : 'preload', page, types);
    const listed = drawn
      ? offers(listedCoupons(route, drawn.queries), origin, new Date(data.renderedAt ?? Date.now()))
      : [];
    const jsonLd = graph([organization(tenant, origin), ...meta.jsonLd, ...listed]);
    // A page of a running experiment tells the server, as it loads, that the browser kept its id (issue 24).
    const seen = running.length > 0 && shopper !== null ? SEEN_BEACON : '';
    const head = [renderHead(tenant, meta, jsonLd), preloads, seen && `<script>${seen}</script>`]
      .filter(Boolean)
      .join('\n    ');
    const doc = renderPage(
      template,
      head,
      bootstrap,
      drawn ? { html: drawn.html, modules: moduleFiles(chunks, page, types) } : undefined,
    );
    // The same bytes and CSP for every shopper: the response cache keeps them compressed, until the layouts change or
    // the next schedule edge (never the shopper's Set-Cookie). A page drawn without some of its data (late or failed) is
    // not kept: the next visit draws it again. Nor is a preview, or a page with an experiment running: its bytes depend
    // on the shopper's id.
    if ((!drawn || drawn.complete) && !preview && running.length === 0)
      app.responseCache.capturePage(req, () => deps.layouts.current() === layoutsInForce, nextEdge);
    if (running.length > 0 && shopper !== null) {
      try {
        await recordServedExposures(deps.db, req, tenant, shopper, exposuresOf(running));
      } catch (err) {
        req.log.error({ err }, 'could not record the experiment exposure');
      }
    }
    if (preview) reply.header('x-robots-tag', 'noindex');
    return reply
      .code(meta.status)
      .header('cache-control', preview ? 'no-store' : running.length > 0 ? 'private, no-cache' : 'no-cache')
      .header(
        'content-security-policy',
        htmlCsp(
          [...doc.scriptHashes, ...tenantScriptHashes(tenant.data), ...(seen ? [scriptHash(seen)] : [])],
          // The console (on its own host) shows a preview at two widths; no other page may frame it.
          preview ? [deps.adminHost] : [],
        ),
      )
      .type('text/html; charset=utf-8')
      .send(doc.html);
  };
  const schema = { tags: ['site'], summary: 'The single-page app (index.html with the tenant head and bootstrap)' };
  for (const url of SPA_ROUTES) app.get(url, { schema }, (req, reply) => serve(req, reply, url));

  app.decorate('siteNotFound', (req: FastifyRequest, reply: FastifyReply) => serve(req, reply, null));
  // Any other path: browsers get the SPA with a 404 status, API clients the JSON not-found answer.
  app.get(
    '/*',
    { schema: { tags: ['site'], summary: 'Unknown paths: 404 (the SPA for browsers)' } },
    async (req, reply) => (wantsHtml(req) ? serve(req, reply, null) : reply.callNotFound()),
  );
}
