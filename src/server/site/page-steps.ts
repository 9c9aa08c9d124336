import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { Tenant } from '../db/repositories/domains';
import { ApiError } from '../lib/api-error';
import type { LayoutContext } from '../layouts/load';
import type { LayoutState, RunningExperiment } from '../layouts/layout-state';
import { resolveTenant } from '../plugins/tenancy';
import { statusPage } from '../plugins/status-page';
import type { Bootstrap, InlinedQuery } from '../../shared/contract/bootstrap';
import { parseOfferParams } from '../../shared/rules/offer-params';
import { pageParam } from './page-meta';
import { HOME_VARIANT_PATHS } from '../../shared/layout/home-variants';
import { scheduleInstant } from '../../shared/layout/schedule';
import type { PreviewGrants } from './preview-grant';
import type { BuildState } from './template';

// The steps of a page request (pages.ts runs them in order): resolve the tenant → check the build → read the preview →
// choose the layouts → load the data → draw → secure → keep. Each is small and tested on its own
// (tests/unit/server/page-steps.test.ts); those that may answer the request themselves (an unknown site, no build
// yet, a bad ?at=) say so by returning null after answering.

/** A plain page answered instead of the app (its status, and the headers that go with it). */
export interface PlainAnswer {
  status: number;
  title: string;
  text: string;
  headers: Record<string, string>;
}

export async function sendPlain(reply: FastifyReply, a: PlainAnswer): Promise<FastifyReply> {
  return reply
    .code(a.status)
    .headers({ 'cache-control': 'no-store', ...a.headers })
    .type('text/html; charset=utf-8')
    .send(statusPage(a.title, a.text));
}

/** The tenant of an HTML request, or an answered plain error page (404 unknown site, 400 no host). */
export async function htmlTenant(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<Tenant | null> {
  try {
    return await resolveTenant(db, req);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
    const unknown = err.statusCode === 404;
    await sendPlain(reply, {
      status: err.statusCode,
      title: unknown ? 'Unknown site' : 'Bad request',
      text: unknown ? `There is no site at this address (${err.message}).` : err.message,
      headers: {},
    });
    return null;
  }
}

/** What a shopper reads while there is no client build to serve (503, asked to come back in 10 s). */
export function buildingAnswer(state: BuildState): PlainAnswer {
  return {
    status: 503,
    title: 'This site is being built',
    text:
      state.state === 'failed'
        ? 'The site could not be built yet; the operators have been told. Please try again shortly.'
        : 'The site is being built. Please reload in a few seconds.',
    headers: { 'retry-after': '10' },
  };
}

/** The answer to a preview whose ?at= is no instant. */
export const BAD_INSTANT: PlainAnswer = {
  status: 400,
  title: 'Bad request',
  text: 'at must be an ISO 8601 date and time, e.g. 2026-11-27T10:00:00Z.',
  headers: { 'x-robots-tag': 'noindex' },
};

/**
 * ?layout= and ?at= make a preview, but only with the operator's signed `grant` for this tenant, this layout and this
 * instant (issue 25): read-only (no cookie set, nothing recorded), noindex and never cached. Without one, both are
 * ignored: anyone else gets the published page. `at` is the instant drawn (ISO 8601; without an offset, the tenant's
 * time zone); undefined when absent, null when unreadable.
 */
export function previewOf(
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

/** The layouts a page is drawn with, read at one instant. */
export interface ChosenLayouts {
  /** The loaded documents this choice was made from: a reload during the render leaves the kept copy invalid. */
  inForce: ReturnType<LayoutState['current']>;
  layouts: Bootstrap['layouts'];
  /** Only on /home2 … /home4: the one home document that route shows (no other page carries them, issue 28). */
  homeVariants: Bootstrap['homeVariants'];
  running: RunningExperiment[];
  /** The next schedule edge: the page is not kept past it. */
  nextEdge: number | null;
}

/** The tenant's documents for this context, and the variant route's own home document. Runs without a pause. */
export function chooseLayouts(state: LayoutState, context: LayoutContext, route: string | null): ChosenLayouts {
  const variant = route === null ? undefined : HOME_VARIANT_PATHS[route];
  const variantDoc = variant === undefined ? null : state.homeVariant(variant, context);
  return {
    inForce: state.current(),
    layouts: state.resolve(context),
    // Present (maybe empty) on a variant route: the browser then knows the page carries that route's document.
    homeVariants: variant === undefined ? undefined : variantDoc ? { [variant]: variantDoc } : {},
    running: state.experiments(context),
    nextEdge: state.nextEdge(context),
  };
}

/** The page's route parameters, page number and offer filters, as its head and inlined data read them. */
export function metaRequestOf(req: FastifyRequest, route: string | null, query: Record<string, unknown>) {
  return {
    route,
    params: route === null ? {} : (req.params as Record<string, string>),
    page: pageParam(query.page),
    offers: parseOfferParams((name) => (typeof query[name] === 'string' ? query[name] : null)),
  };
}

/** What the page hands the browser: the tenant's data, the chosen documents, the answers it is drawn with, its clock. */
export function bootstrapOf(
  tenant: Tenant,
  chosen: ChosenLayouts,
  queries: InlinedQuery[],
  preview: boolean,
  renderedAt: number,
): Bootstrap {
  return {
    host: tenant.host,
    domain: tenant.data,
    layouts: chosen.layouts,
    ...(chosen.homeVariants ? { homeVariants: chosen.homeVariants } : {}),
    config: { apiBase: '', assetBase: '/assets/', recaptchaSiteKey: null, analyticsId: null, preview },
    queries,
    renderedAt,
  };
}

/**
 * Whether the response cache keeps the document, and what browsers are told. The same bytes go to every shopper, so a
 * page is kept unless it was drawn without some of its data (the next visit draws it again), it is a preview, or an
 * experiment runs on it (its bytes depend on the shopper's id).
 */
export function cachingOf(p: { complete: boolean; preview: boolean; experiments: number }): {
  keep: boolean;
  cacheControl: string;
} {
  return {
    keep: p.complete && !p.preview && p.experiments === 0,
    cacheControl: p.preview ? 'no-store' : p.experiments > 0 ? 'private, no-cache' : 'no-cache',
  };
}
