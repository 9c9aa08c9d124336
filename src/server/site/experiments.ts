import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { recordCouponSignal, type SignalKind, type SignalOutcome } from '../db/repositories/activity';
import { markReturned, recordExperimentEvents, recordExposures } from '../db/repositories/experiments';
import { recordSignalAlert } from '../db/repositories/signal-alerts';
import type { Tenant } from '../db/repositories/domains';
import { EXPOSURE_BURST } from '../../shared/rules/signals';
import { DEFAULT_TIME_ZONE } from '../../shared/layout/schedule';
import type { LayoutContext } from '../layouts/load';
import type { LayoutState, RunningExperiment } from '../layouts/layout-state';
import { networkOfRequest, shopperOf, type RequestShopper, type Shoppers } from './shopper';

// A/B layouts and the counts shoppers move, on the server (issue 24). The arm is a pure hash of the shopper's signed id
// (so the first paint is already the variant and a cookie naming an arm means nothing); exposures come from the pages
// the server served, outcomes from the reveals and click-outs it answered, once per id, coupon and day.

export const exposuresOf = (running: readonly RunningExperiment[]) =>
  running.map((e) => ({ experimentId: e.id, variant: e.variant }));

/**
 * Records a served page's exposures to the running experiments (the shopper's browser sent its id back unless it is new
 * now), and alerts operators when one network brings more new ids to an arm in an hour than EXPOSURE_BURST. A failure
 * is logged: the page is served anyway.
 */
export async function recordServedExposures(
  db: Db,
  req: FastifyRequest,
  tenant: Tenant,
  shopper: RequestShopper,
  running: readonly RunningExperiment[],
): Promise<void> {
  try {
    const network = networkOfRequest(req);
    const seen = await recordExposures(db, tenant.id, shopper.key, network, !shopper.fresh, exposuresOf(running));
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
  } catch (err) {
    req.log.error({ err }, 'could not record the experiment exposure');
  }
}

export interface SignalDeps {
  db: Db;
  layouts: LayoutState;
  shoppers: Shoppers;
}

/** The experiments the tenant of `req` runs now, with the variant `shopperId` is shown in each. */
export function runningFor(req: FastifyRequest, deps: SignalDeps, shopperId: string | null): RunningExperiment[] {
  const tenant = req.tenant;
  if (!tenant) return [];
  const ctx: LayoutContext = {
    hosts: tenant.hosts,
    homePage: tenant.data.home_page,
    at: deps.shoppers.now(),
    timeZone: tenant.data.time_zone || DEFAULT_TIME_ZONE,
    shopper: shopperId,
  };
  return deps.layouts.experiments(ctx);
}

/**
 * Records a reveal, record-visit click or click-out of the request's shopper: a browser without a valid id gets one
 * with this answer and counts from its next signal on. Answers the store's visit count, whether this one counted, and
 * for how many running experiments it was an outcome; null when the tenant does not list the coupon.
 */
export async function recordSignal(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: SignalDeps,
  couponId: string,
  kind: SignalKind,
): Promise<(SignalOutcome & { experiments: number }) | null> {
  const tenant = req.tenant;
  if (!tenant) return null;
  const shopper = shopperOf(req, reply, deps.shoppers);
  const known = shopper && !shopper.fresh ? shopper : null;
  const outcome = await recordCouponSignal(deps.db, {
    domainId: tenant.id,
    couponId,
    kind,
    shopper: known?.key ?? null,
    network: networkOfRequest(req),
  });
  if (!outcome || !known) return outcome && { ...outcome, experiments: 0 };
  const running = runningFor(req, deps, known.id.id);
  if (running.length === 0) return { ...outcome, experiments: 0 };
  await markReturned(
    deps.db,
    known.key,
    running.map((e) => e.id),
  );
  // Outcomes are reveals and click-outs; record-visit's click (an API caller's) moves the visit count only.
  if (!outcome.firstToday || kind === 'click') return { ...outcome, experiments: 0 };
  const eventKind = kind === 'visit' ? 'visit' : 'click';
  await recordExperimentEvents(deps.db, tenant.id, known.key, couponId, eventKind, exposuresOf(running));
  return { ...outcome, experiments: running.length };
}
