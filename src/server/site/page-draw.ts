import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canonicalPageUrl } from '../../shared/rules/page-query';
import { PAGE_ROUTES } from '../../shared/routes';
import { HOME_VARIANTS } from '../../shared/spa-routes';
import type { Bootstrap } from './html';
import { fileRenderer, pooledRenderer, type RenderedPage, type RenderThreads } from './server-render';

// The "draw" step of a page request: the server-rendering bundle draws the page (in the render threads when there are
// any), or the browser will.

/** Pages drawn on the server: the homes and the pages the route table (src/shared/routes.ts) marks drawnBy 'server'. */
const SERVER_DRAWN: ReadonlySet<string> = new Set([
  '/',
  ...Object.values(HOME_VARIANTS),
  ...PAGE_ROUTES.filter((r) => r.drawnBy === 'server').map((r) => r.path),
]);

/** Whether the server draws this route: /login and unknown paths are drawn by the browser, /searchpage only with ?q=. */
export function drawnOnServer(route: string | null, query: Record<string, unknown>): boolean {
  return (
    route !== null &&
    SERVER_DRAWN.has(route) &&
    (route !== '/searchpage' || (typeof query.q === 'string' && query.q.trim() !== ''))
  );
}

export type PageDrawer = (req: FastifyRequest, host: string, bootstrap: Bootstrap) => Promise<RenderedPage | null>;

/** Draws pages with the client build's render.js in `ssrDir` (none: every page is left to the browser). */
export function pageDrawer(app: FastifyInstance, ssrDir: string | null, render?: RenderThreads): PageDrawer {
  const renderer = !ssrDir
    ? async () => null
    : render && render.threads > 0
      ? pooledRenderer(app, ssrDir, render)
      : fileRenderer(app, ssrDir, render?.dataTimeoutMs);
  return async (req, host, bootstrap) => {
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
}
