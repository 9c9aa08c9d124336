import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { recordExperimentEvents } from '../db/repositories/experiments';
import { recordVisitPath } from '../../shared/contract/queries/coupon-url';
import { AUTOMATED_AGENT } from '../../shared/rules/automated';
import { DEFAULT_TIME_ZONE } from '../../shared/layout/schedule';
import type { LayoutContext } from '../layouts/load';
import type { LayoutState, RunningExperiment } from './layout-state';

// A/B layouts on the server: the shopper's first-party cookie (assignment is a pure hash of it, so the first paint is
// already the variant and the browser never swaps), reveals and click-outs recorded with the variant, and the report
// for the console.

/** 128 random bits as 32 hex digits; HttpOnly: only the server reads it. */
export const SHOPPER_COOKIE = 'dd_ab';
const SHOPPER_ID = /^[0-9a-f]{32}$/;
/** 180 days: a shopper keeps their variant across pages and days (each experiment page renews it). */
export const SHOPPER_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

/** The valid shopper id of the Cookie header, or null. */
export function shopperIdOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SHOPPER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return SHOPPER_ID.test(value) ? value : null;
  }
  return null;
}

export function shopperCookie(id: string, secure: boolean): string {
  return `${SHOPPER_COOKIE}=${id}; Path=/; Max-Age=${SHOPPER_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Crawlers, scanners, headless browsers and HTTP libraries (no or a machine's user agent) get every control. */
export function isBot(req: Pick<FastifyRequest, 'headers'>): boolean {
  const ua = req.headers['user-agent'];
  return typeof ua !== 'string' || ua.trim() === '' || AUTOMATED_AGENT.test(ua);
}

/** The request's shopper: the cookie's id, a new one (`fresh`: the caller sets the cookie if an experiment runs), or none for a bot. */
export function shopperOf(req: FastifyRequest): { id: string | null; fresh: boolean } {
  if (isBot(req)) return { id: null, fresh: false };
  const id = shopperIdOf(req.headers.cookie);
  return id ? { id, fresh: false } : { id: randomBytes(16).toString('hex'), fresh: true };
}

export const exposuresOf = (running: readonly RunningExperiment[]) =>
  running.map((e) => ({ experimentId: e.id, variant: e.variant }));

export interface ExperimentDeps {
  db: Db;
  layouts: LayoutState;
  now: () => number;
}

/**
 * Records a reveal (visit) or click-out (click) of the request's shopper with each variant they are shown now (the
 * same pure assignment the page used); how many rows were written. Nothing for a bot, a shopper without the cookie or
 * a tenant running no experiment.
 */
export async function recordShopperEvent(
  req: FastifyRequest,
  deps: ExperimentDeps,
  couponId: string,
  kind: 'visit' | 'click',
): Promise<number> {
  const tenant = req.tenant;
  const shopper = isBot(req) ? null : shopperIdOf(req.headers.cookie);
  if (!tenant || !shopper) return 0;
  const ctx: LayoutContext = {
    hosts: tenant.hosts,
    homePage: tenant.data.home_page,
    at: deps.now(),
    timeZone: tenant.data.time_zone || DEFAULT_TIME_ZONE,
    shopper,
  };
  const running = deps.layouts.experiments(ctx);
  if (running.length === 0) return 0;
  await recordExperimentEvents(deps.db, tenant.id, shopper, couponId, kind, exposuresOf(running));
  return running.length;
}

/**
 * Records each successful reveal (record-visit; its `click` type counts as a click-out) with the shopper's variants.
 * Click-outs of the site's own pages come from POST record-clickout (./click-out.ts). The report is the console's
 * GET /api/admin/experiments (routes/admin/experiments.ts).
 */
export async function experimentRoutes(app: FastifyInstance, deps: ExperimentDeps): Promise<void> {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'POST' || req.routeOptions.url !== recordVisitPath || reply.statusCode !== 200) return payload;
    const body = req.body as { coupon_id?: unknown; type?: unknown } | undefined;
    if (typeof body?.coupon_id !== 'string') return payload;
    try {
      await recordShopperEvent(req, deps, body.coupon_id, body.type === 'click' ? 'click' : 'visit');
    } catch (err) {
      req.log.error({ err }, 'could not record the experiment event');
    }
    return payload;
  });
}
