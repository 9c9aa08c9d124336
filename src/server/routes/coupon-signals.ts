import type { FastifyInstance } from 'fastify';
import { responses } from '../api-schemas/common';
import { ClickOutRequest, ClickOutResult, RecordVisitRequest, RecordVisitResult } from '../../shared/contract/entities';
import { Answer } from '../../shared/contract/envelopes';
import { recordClickOutPath, recordVisitPath, shopperSeenPath } from '../../shared/contract/queries/coupon-url';
import { markReturned } from '../db/repositories/experiments';
import { shopperKey, signedShopper } from '../site/shopper';
import { ApiError } from '../lib/api-error';
import { recordSignal, runningFor, type SignalDeps } from '../site/experiments';
import type { RateLimits } from './deps';

// What a shopper's reveals and click-outs move (issue 24): the store's visit count and the A/B outcomes. Either counts
// once per signed id, coupon and day, within its network's daily cap; each route is rate-limited per client IP.

/** The signals' per-client-IP rate limit, as a route's config (the click-out route shares it). */
export const limited = (limit: RateLimits['signals']) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.timeWindow,
    errorResponseBuilder: (_req: unknown, ctx: { ttl: number }) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests from your address; please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  },
});

export async function couponSignalRoutes(
  app: FastifyInstance,
  deps: SignalDeps & { rateLimits: RateLimits },
): Promise<void> {
  app.post<{ Body: RecordVisitRequest }>(
    recordVisitPath,
    {
      config: limited(deps.rateLimits.signals),
      schema: {
        tags: ['activity'],
        summary:
          "Record a coupon visit or click (feeds the store's visit_count and top-visited stores): counted once per shopper, coupon and day, within a per-network cap",
        body: RecordVisitRequest,
        response: responses(Answer(RecordVisitResult)),
      },
    },
    async (req, reply) => {
      const kind = req.body.type ?? 'visit';
      const result = await recordSignal(req, reply, deps, req.body.coupon_id, kind);
      if (!result) throw new ApiError(404, 'Coupon not found.');
      // visit_count orders top-visited stores and shows in every store list, of every tenant publishing the store.
      if (result.counted) app.responseCache.invalidateVisits();
      return {
        success: true,
        message: `Coupon ${kind} recorded.`,
        data: { store_id: result.store_id, visit_count: result.visit_count },
      };
    },
  );

  // A click-out: the shopper leaves for the merchant (a redirect page going on, a reveal opening the merchant's tab).
  app.post<{ Body: ClickOutRequest }>(
    recordClickOutPath,
    {
      config: limited(deps.rateLimits.signals),
      schema: {
        tags: ['activity'],
        summary:
          "Record a click-out (the shopper leaving for the coupon's merchant) with the shopper's A/B layout variants, once per shopper, coupon and day; visit counts are not touched",
        body: ClickOutRequest,
        response: responses(Answer(ClickOutResult)),
      },
    },
    async (req, reply) => {
      const result = await recordSignal(req, reply, deps, req.body.coupon_id, 'clickout');
      if (!result) throw new ApiError(404, 'Coupon not found.');
      return { success: true, message: 'Click-out recorded.', data: { experiments: result.experiments } };
    },
  );

  // The page of a running experiment calls this as it loads: the browser kept the id it was given, so the report
  // counts the shopper from their first page (a script that never runs the page, or drops cookies, stays left out).
  app.post(
    shopperSeenPath,
    {
      config: limited(deps.rateLimits.signals),
      schema: {
        tags: ['activity'],
        summary:
          "A page of a running A/B experiment has loaded in a browser that kept the shopper's signed id (204; nothing without a valid id)",
        response: { 204: { type: 'null', description: 'Recorded, or nothing to record' } },
      },
    },
    async (req, reply) => {
      const shopper = signedShopper(req, deps.shoppers);
      const running = shopper ? runningFor(req, deps, shopper.id) : [];
      if (shopper && running.length > 0)
        await markReturned(
          deps.db,
          shopperKey(shopper.id),
          running.map((e) => e.id),
        );
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
