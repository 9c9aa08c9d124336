import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Tenant } from '../db/repositories/domains';
import type { LayoutContext } from '../layouts/load';
import type { LayoutState } from '../layouts/layout-state';
import { wantsHtml } from '../plugins/tenancy';
import { DEFAULT_TIME_ZONE } from '../../shared/layout/schedule';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { recordServedExposures } from './experiments';
import { inlineApi } from './inline-api';
import { pageDocument } from './page-document';
import { drawnOnServer, pageDrawer } from './page-draw';
import {
  BAD_INSTANT,
  bootstrapOf,
  buildingAnswer,
  cachingOf,
  chooseLayouts,
  htmlTenant,
  metaRequestOf,
  previewOf,
  sendPlain,
} from './page-steps';
import type { PreviewGrants } from './preview-grant';
import { resolvePageMeta } from './route-meta';
import type { RenderThreads } from './server-render';
import { shopperOf, signedShopper, type Shoppers } from './shopper';
import type { TemplateSource } from './template';

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

/** Scheme + host of the request when its Host is a plain host[:port] of this tenant, else the tenant's own host. */
export function siteOrigin(req: FastifyRequest, tenant: Tenant): string {
  const raw = req.headers.host ?? '';
  const host =
    /^[a-z0-9.-]+(:\d{1,5})?$/i.test(raw) && raw.toLowerCase().split(':')[0] === tenant.host
      ? raw.toLowerCase()
      : tenant.host;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${host}`;
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
  const draw = pageDrawer(app, deps.template.ssrDir, deps.render);
  /** A page request, step by step (page-steps.ts): tenant → build → preview → data → layouts → draw → secure → keep. */
  const serve = async (req: FastifyRequest, reply: FastifyReply, route: string | null) => {
    const tenant = await htmlTenant(deps.db, req, reply);
    if (!tenant) return reply;
    const template = await deps.template.get();
    if (template === null) {
      req.log.warn({ build: deps.template.buildState() }, 'no client build to serve');
      return sendPlain(reply, buildingAnswer(deps.template.buildState()));
    }
    const query = (req.query ?? {}) as Record<string, unknown>;
    const path = req.url.split('?')[0] ?? '/';
    const timeZone = tenant.data.time_zone || DEFAULT_TIME_ZONE;
    const { preview, at } = previewOf(query, tenant.id, timeZone, deps.grants, now());
    if (at === null) return sendPlain(reply, BAD_INSTANT);
    // Bots get every experiment's control; a browser new to the site gets its signed id (a preview sets nothing).
    const shopper = preview ? null : shopperOf(req, reply, deps.shoppers);
    const context: LayoutContext = {
      hosts: tenant.hosts,
      homePage: tenant.data.home_page,
      at: at ?? now(),
      timeZone,
      shopper: preview ? (signedShopper(req, deps.shoppers)?.id ?? null) : (shopper?.id.id ?? null),
    };
    const origin = siteOrigin(req, tenant);
    const pageMeta = await resolvePageMeta({
      ...metaRequestOf(req, route, query),
      db: deps.db,
      reads: app.readMemo,
      api,
      tenant,
      origin,
      path,
    });
    const meta = preview ? { ...pageMeta, robots: 'noindex, nofollow' } : pageMeta;
    // One snapshot of the documents, taken after the last pause before the render: a reload during the render leaves
    // the kept copy invalid rather than valid for documents it was not drawn with.
    const chosen = chooseLayouts(deps.layouts, context, route);
    const data = bootstrapOf(tenant, chosen, meta.queries, preview, context.at);
    const drawn = drawnOnServer(route, query) ? await draw(req, tenant.host, data) : null;
    if (drawn) data.queries = [...meta.queries, ...drawn.queries];
    const doc = pageDocument({
      template,
      chunks: await deps.template.sectionChunks(),
      tenant,
      origin,
      route,
      path,
      meta,
      data,
      drawn,
      beacon: chosen.running.length > 0 && shopper !== null,
      framedBy: preview ? deps.adminHost : null,
    });
    // The same bytes and CSP for every shopper: the response cache keeps them compressed, until the layouts change or
    // the next schedule edge (never the shopper's Set-Cookie).
    const caching = cachingOf({ complete: !drawn || drawn.complete, preview, experiments: chosen.running.length });
    if (caching.keep)
      app.responseCache.capturePage(req, () => deps.layouts.current() === chosen.inForce, chosen.nextEdge);
    if (chosen.running.length > 0 && shopper !== null)
      await recordServedExposures(deps.db, req, tenant, shopper, chosen.running);
    if (preview) reply.header('x-robots-tag', 'noindex');
    return reply
      .code(meta.status)
      .header('cache-control', caching.cacheControl)
      .header('content-security-policy', doc.csp)
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
