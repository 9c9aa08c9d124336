import type { FastifyInstance } from 'fastify';
import { isValidEmail } from '../../shared/rules/email';
import { responses } from '../api-schemas/common';
import { MessageAnswer } from '../../shared/contract/envelopes';
import { subscribe, type SubscribeOutcome } from '../db/repositories/newsletter';
import { sendConfirmation } from '../mail/opt-in';
import { ApiError } from '../plugins/api-error';
import { tenantOf } from '../plugins/tenancy';
import type { RouteDeps } from './deps';
import { subscribePath } from '../../shared/contract/queries/index';

// Newsletter sign-up: server-side email check, one row per tenant+email, rate-limited per client IP; double opt-in
// (issue 14): a new or returning address gets a confirmation mail and no digest until it confirms.
const MESSAGES: Readonly<Record<SubscribeOutcome, string>> = {
  created: 'Thank you for subscribing to our newsletter! Please check your inbox to confirm your subscription.',
  pending:
    'You have already signed up: please check your inbox and confirm your subscription (we have sent the link again).',
  confirmed: 'You are already subscribed to our newsletter.',
};

export async function newsletterRoutes(app: FastifyInstance, { db, mailer, rateLimits }: RouteDeps): Promise<void> {
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
        summary:
          'Subscribe an email to the weekly newsletter: a confirmation mail is sent (double opt-in); a repeat is a success without a duplicate',
        body: { type: 'object', required: ['email_id'], properties: { email_id: { type: 'string', maxLength: 320 } } },
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      const email = req.body.email_id.trim();
      if (!isValidEmail(email)) throw new ApiError(400, 'Please provide a valid email address.');
      const tenant = tenantOf(req);
      const address = email.toLowerCase();
      const { outcome, token } = await subscribe(db, tenant.id, address);
      if (outcome !== 'confirmed') {
        try {
          await sendConfirmation(db, mailer, {
            domainId: tenant.id,
            email: address,
            token,
            list: 'newsletter',
            what: 'our weekly newsletter',
          });
        } catch (err) {
          req.log.error({ err }, 'newsletter confirmation not queued');
          throw new ApiError(503, 'We could not send the confirmation email right now; please try again shortly.');
        }
      }
      return { success: true, message: MESSAGES[outcome] };
    },
  );
}
