import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { responses } from '../api-schemas/common';
import { VoteRequest } from '../../shared/contract/entities';
import { VoteAnswer } from '../../shared/contract/envelopes';
import { votePath } from '../../shared/contract/queries/index';
import { looksAutomated } from '../../shared/rules/automated';
import { castVote } from '../db/repositories/votes';
import { ApiError } from '../plugins/api-error';
import { tenantOf } from '../plugins/tenancy';
import type { RouteDeps } from './deps';

// "Did this code work?" (issue 13): one vote per shopper per coupon per 24 h, pooled across the tenants listing the
// coupon. The shopper is known by a first-party cookie (only its sha256 is stored), else by IP + user agent.

/** The voter cookie: 128 random bits as 32 hex digits, HttpOnly (only this route reads it). */
export const VOTER_COOKIE = 'dd_voter';
const VOTER_ID = /^[0-9a-f]{32}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v.join(', ') : v);

/** The valid voter id of the Cookie header, or null (absent, malformed or repeated with different values). */
export function voterIdOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  let found: string | null = null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== VOTER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (!VOTER_ID.test(value) || (found !== null && found !== value)) return null;
    found = value;
  }
  return found;
}

/** Set-Cookie for a new voter id: a year, the whole site, same-site navigations only, Secure over https. */
export function voterCookie(id: string, secure: boolean): string {
  return `${VOTER_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The prefetch/preview markers a browser or proxy sends when the shopper did not ask (joined; '' when none). */
function purposeOf(req: FastifyRequest): string {
  const h = req.headers;
  return [h['sec-purpose'], h.purpose, h['x-moz'], h['x-purpose']]
    .map(header)
    .filter((v) => v !== undefined)
    .join(', ');
}

export async function voteRoutes(app: FastifyInstance, { db, rateLimits }: RouteDeps): Promise<void> {
  app.post<{ Body: VoteRequest }>(
    votePath,
    {
      config: {
        rateLimit: {
          max: rateLimits.votes.max,
          timeWindow: rateLimits.votes.timeWindow,
          errorResponseBuilder: (_req, ctx) => ({
            statusCode: 429,
            success: false,
            message: `Too many votes from your address; please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
          }),
        },
      },
      schema: {
        tags: ['coupons'],
        summary:
          '"Did this code work?": one vote per shopper per coupon per 24 h (a repeat replaces it), pooled across tenants',
        body: VoteRequest,
        response: responses(VoteAnswer),
      },
    },
    async (req, reply) => {
      const { coupon_id, worked, reason } = req.body;
      if (reason !== undefined && worked)
        throw new ApiError(400, 'A reason can only be given when the code did not work (worked: false).');
      const userAgent = header(req.headers['user-agent']);
      const cookieId = voterIdOf(header(req.headers.cookie));
      const automated = looksAutomated({ userAgent, hasCookie: cookieId !== null, purpose: purposeOf(req) });
      const voterId = cookieId ?? randomBytes(16).toString('hex');
      const tally = await castVote(db, {
        couponId: coupon_id,
        domainId: tenantOf(req).id,
        voter: sha256(voterId),
        client: sha256(`${req.ip}\n${userAgent ?? ''}`),
        dedupeBy: cookieId !== null ? 'voter' : 'client',
        worked,
        reason: reason ?? null,
        counted: !automated,
      });
      if (!tally) throw new ApiError(404, 'Coupon not found.');
      // A machine gets no cookie: with one, its next vote would pass for a returning shopper's and be counted.
      if (cookieId === null && !automated) reply.header('set-cookie', voterCookie(voterId, req.protocol === 'https'));
      return { success: true, data: tally };
    },
  );
}
