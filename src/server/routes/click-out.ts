import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isExpired } from '../../shared/rules/expiry';
import { httpUrl } from '../../shared/rules/http-url';
import { DEFAULT_TIME_ZONE } from '../../shared/layout/schedule';
import { clickPageParam } from '../../shared/revenue/click-rules';
import { subIdPlace, withSubId } from '../../shared/revenue/sub-id';
import { clickTarget, recordClick, type ClickTarget } from '../db/repositories/click-outs';
import { isObjectId } from '../../shared/rules/object-id';
import { htmlTenant, sendPlain } from '../site/page-steps';
import { runningFor, type SignalDeps } from '../site/experiments';
import { isBot, networkOfRequest, signedShopper } from '../site/shopper';
import { limited } from './coupon-signals';
import type { RateLimits } from './deps';

// Issue 31: every click-out leaves through /out/:couponId. The server records the click with what it is attributed to
// (tenant, coupon, store, page, layout variant, experiment arms), puts the click's id on the coupon's own tracking link
// as the network's sub-ID, and redirects there. The destination is only ever a link stored on the coupon: nothing in
// the request names it (no open redirect).

export const CLICK_OUT_ROUTE = '/out/:couponId';

/** 96 random bits as 16 URL-safe characters: short enough for every network's sub-ID field, never guessable. */
export const newClickId = (): string => randomBytes(12).toString('base64url');

/** The link the reveal flow would take (SPEC §4): finalLink while unexpired, else link, else the domain's link. */
function merchantLink(t: ClickTarget, now: Date): string | null {
  const expired = isExpired(t.expiry_date, now);
  return (!expired && httpUrl(t.final_link)) || httpUrl(t.link) || httpUrl(t.domain_link) || null;
}

/** The home document this shopper sees on the tenant now (its A/B arm included), by file name: the layout variant. */
function layoutVariantOf(req: FastifyRequest, deps: SignalDeps, shopperId: string | null): string {
  const tenant = req.tenant;
  if (!tenant) return 'unknown';
  const resolved = deps.layouts.resolve({
    hosts: tenant.hosts,
    homePage: tenant.data.home_page,
    at: deps.shoppers.now(),
    timeZone: tenant.data.time_zone || DEFAULT_TIME_ZONE,
    shopper: shopperId,
  });
  return resolved ? path.posix.basename(resolved.home.file, '.json') : 'unknown';
}

async function clickOut(
  req: FastifyRequest<{ Params: { couponId: string }; Querystring: { from?: unknown } }>,
  reply: FastifyReply,
  deps: SignalDeps,
): Promise<FastifyReply> {
  const tenant = await htmlTenant(deps.db, req, reply);
  if (!tenant) return reply;
  req.tenant = tenant;
  const couponId = req.params.couponId;
  const target = isObjectId(couponId) ? await clickTarget(deps.db, tenant.id, couponId) : null;
  const link = target && merchantLink(target, new Date(deps.shoppers.now()));
  if (!target || !link) {
    return sendPlain(reply, {
      status: 404,
      title: 'Offer not found',
      text: 'This offer is no longer available. API did not provide a valid link.',
      headers: { 'x-robots-tag': 'noindex, nofollow' },
    });
  }
  const shopper = signedShopper(req, deps.shoppers);
  const shopperId = shopper?.id ?? null;
  const arms = runningFor(req, deps, shopperId).map((e) => ({ experiment: e.id, variant: e.variant }));
  const id = newClickId();
  const place = subIdPlace(link, target.sub_id_param);
  await recordClick(deps.db, {
    id,
    domainId: tenant.id,
    couponId: target.coupon_id,
    storeId: target.store_id,
    page: clickPageParam(req.query.from),
    layoutVariant: layoutVariantOf(req, deps, shopperId),
    affiliateNetwork: place?.network ?? null,
    arms,
    network: networkOfRequest(req),
    bot: isBot(req),
  });
  const headers: Record<string, string> = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };
  // SPEC §4's 'zero-redirect-without-refer': the merchant gets no referrer, through this hop too.
  if (target.desktop_redirection_type === 'zero-redirect-without-refer') headers['referrer-policy'] = 'no-referrer';
  return reply.headers(headers).redirect(place ? withSubId(link, place.param, id, place.network) : link, 302);
}

export async function clickOutRoutes(
  app: FastifyInstance,
  deps: SignalDeps & { rateLimits: RateLimits },
): Promise<void> {
  app.get<{ Params: { couponId: string }; Querystring: { from?: unknown } }>(
    CLICK_OUT_ROUTE,
    {
      config: limited(deps.rateLimits.signals),
      schema: {
        tags: ['site'],
        summary:
          "A click-out: records it (tenant, coupon, store, page, layout variant, A/B arms) and redirects to the coupon's stored tracking link with the click's id as the network's sub-ID (302; 404 page when the tenant does not list the coupon)",
        querystring: {
          type: 'object',
          properties: { from: { type: 'string', maxLength: 40 } },
        },
      },
    },
    (req, reply) => clickOut(req, reply, deps),
  );
}
