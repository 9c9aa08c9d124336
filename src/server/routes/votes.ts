import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { responses } from '../api-schemas/common';
import { VoteReasonRequest, VoteRequest } from '../../shared/contract/entities';
import { VoteAnswer } from '../../shared/contract/envelopes';
import { votePath, voteReasonPath } from '../../shared/contract/queries/index';
import { looksAutomated } from '../../shared/rules/automated';
import { VOTE_BURST } from '../../shared/rules/signals';
import { amendVoteReason, castVote } from '../db/repositories/votes';
import { recordSignalAlert } from '../db/repositories/signal-alerts';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import { networkOfRequest, shopperKey, signedShopper } from '../site/shopper';
import type { RouteDeps } from './deps';

// "Did this code work?" (issues 13 and 24): one vote per shopper per coupon per 24 h, pooled across the tenants listing
// the coupon. It counts only from a server-signed id old enough, that revealed the coupon first, within its network's
// daily cap (src/shared/rules/signals.ts); every vote is stored, with why it does not count. The answer is the same
// either way: a script learns nothing from it.

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v);

/** The prefetch/preview markers a browser or proxy sends when the shopper did not ask (joined; '' when none). */
function purposeOf(req: FastifyRequest): string {
  const h = req.headers;
  return [h['sec-purpose'], h.purpose, h['x-moz'], h['x-purpose']]
    .map(header)
    .filter((v) => v !== undefined)
    .join(', ');
}

export async function voteRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  registerVote(app, deps);
  registerVoteReason(app, deps);
}

/** The votes' rate limit, per client IP; `what` names the posts in the 429's message. */
function limited(rateLimits: RouteDeps['rateLimits'], what: string) {
  return {
    rateLimit: {
      max: rateLimits.votes.max,
      timeWindow: rateLimits.votes.timeWindow,
      errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => ({
        statusCode: 429,
        success: false,
        message: `Too many ${what} from your address; please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      }),
    },
  };
}

function registerVote(app: FastifyInstance, deps: RouteDeps): void {
  const { db, rateLimits, shoppers } = deps;
  app.post<{ Body: VoteRequest }>(
    votePath,
    {
      config: limited(rateLimits, 'votes'),
      schema: {
        tags: ['coupons'],
        summary:
          '"Did this code work?": one vote per shopper per coupon per 24 h (a repeat replaces it), pooled across tenants; answers the shown tally',
        body: VoteRequest,
        response: responses(VoteAnswer),
      },
    },
    async (req) => {
      const { coupon_id, worked, reason } = req.body;
      if (reason !== undefined && worked)
        throw new ApiError(400, 'A reason can only be given when the code did not work (worked: false).');
      const userAgent = header(req.headers['user-agent']);
      const signed = signedShopper(req, shoppers);
      const automated = looksAutomated({ userAgent, hasCookie: signed !== null, purpose: purposeOf(req) });
      const network = networkOfRequest(req);
      const domainId = tenantOf(req).id;
      const outcome = await castVote(db, {
        couponId: coupon_id,
        domainId,
        voter: signed ? shopperKey(signed.id) : sha256(randomBytes(16).toString('hex')),
        client: sha256(`${req.ip}\n${userAgent ?? ''}`),
        dedupeBy: signed ? 'voter' : 'client',
        worked,
        reason: reason ?? null,
        automated,
        idAgeSeconds: signed ? (shoppers.now() - signed.issuedAt) / 1000 : null,
        network,
        holdSeconds: deps.voteHoldSeconds,
      });
      if (!outcome) throw new ApiError(404, 'Coupon not found.');
      if (outcome.networkLastHour >= VOTE_BURST) {
        try {
          await recordSignalAlert(db, {
            kind: 'vote_burst',
            domainId,
            couponId: coupon_id,
            experimentId: null,
            variant: null,
            network,
            count: outcome.networkLastHour,
          });
        } catch (err) {
          req.log.error({ err }, 'could not record the vote burst alert');
        }
      }
      return { success: true, data: outcome.tally };
    },
  );
}

function registerVoteReason(app: FastifyInstance, { db, rateLimits, shoppers }: RouteDeps): void {
  // The reason after a "No" (issue 26): the "No" itself was recorded when it was clicked, so a shopper who leaves
  // without giving one still counts; this only notes why on the sender's own vote (found by the signed id, else by
  // IP + user agent, as the vote was kept). Rate-limited like votes, per client IP.
  app.post<{ Body: VoteReasonRequest }>(
    voteReasonPath,
    {
      config: limited(rateLimits, 'answers'),
      schema: {
        tags: ['coupons'],
        summary:
          'Why the code did not work, after a "No": sets the reason of the sender\'s own "did not work" vote on the ' +
          'coupon (a later reason replaces it; no vote is added or counted again); answers the shown tally',
        body: VoteReasonRequest,
        response: responses(VoteAnswer),
      },
    },
    async (req) => {
      const signed = signedShopper(req, shoppers);
      const outcome = await amendVoteReason(db, {
        couponId: req.body.coupon_id,
        domainId: tenantOf(req).id,
        dedupeBy: signed ? 'voter' : 'client',
        key: signed ? shopperKey(signed.id) : sha256(`${req.ip}\n${header(req.headers['user-agent']) ?? ''}`),
        reason: req.body.reason,
      });
      if (outcome.kind === 'unlisted') throw new ApiError(404, 'Coupon not found.');
      if (outcome.kind === 'no_vote')
        throw new ApiError(404, 'You have not said this code did not work: vote "No" first, then give the reason.');
      if (outcome.kind === 'worked')
        throw new ApiError(409, 'Your vote says this code worked: a reason is only for a code that did not.');
      return { success: true, data: outcome.tally };
    },
  );
}
