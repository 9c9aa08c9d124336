import type { FastifyInstance } from 'fastify';
import { isValidEmail } from '../../shared/rules/email';
import { responses } from '../api-schemas/common';
import { MessageAnswer } from '../../shared/contract/envelopes';
import { subscribe } from '../db/repositories/newsletter';
import { OptInMailError, requestOptIn } from '../mail/opt-in-request';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import type { RouteDeps } from './deps';
import { subscribePath } from '../../shared/contract/queries/index';

// Newsletter sign-up: server-side email check, one row per tenant+email, rate-limited per client IP; double opt-in
// (issue 14): a new or returning address gets a confirmation mail and no digest until it confirms. One answer for a
// new, pending or confirmed address (issue 24): the mail, throttled per inbox, says which.
export const SUBSCRIBE_MESSAGE = 'Thank you! Please check your inbox for our email about your newsletter subscription.';

export async function newsletterRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { rateLimits } = deps;
  app.post<{ Body: { email_id: string } }>(
    subscribePath,
    {
      config: {
        rateLimit: {
          max: rateLimits.newsletter.max,
          timeWindow: rateLimits.newsletter.timeWindow,
          errorResponseBuilder: (_req, ctx) => ({
            statusCode: 429,
            success: false,
            message: `Too many subscription attempts from your address; please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
          }),
        },
      },
      schema: {
        tags: ['newsletter'],
        summary: 'Newsletter sign-up (double opt-in): the same answer for a new, pending or confirmed address',
        body: { type: 'object', required: ['email_id'], properties: { email_id: { type: 'string', maxLength: 320 } } },
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      const email = req.body.email_id.trim();
      if (!isValidEmail(email)) throw new ApiError(400, 'Please provide a valid email address.');
      const tenant = tenantOf(req);
      const address = email.toLowerCase();
      try {
        await requestOptIn(deps, {
          domainId: tenant.id,
          email: address,
          list: 'newsletter',
          what: 'our weekly newsletter',
          signUp: (tx) => subscribe(tx, tenant.id, address),
        });
      } catch (err) {
        if (!(err instanceof OptInMailError)) throw err;
        req.log.error({ err }, 'newsletter confirmation not queued');
        throw new ApiError(503, 'We could not send the confirmation email right now; please try again shortly.');
      }
      return { success: true, message: SUBSCRIBE_MESSAGE };
    },
  );
}
