import type { FastifyInstance } from 'fastify';
import { isValidEmail } from '../../shared/rules/email';
import { responses } from '../api-schemas/common';
import { MessageAnswer } from '../../shared/contract/envelopes';
import { subscribe } from '../db/repositories/newsletter';
import { ApiError } from '../plugins/api-error';
import { tenantOf } from '../plugins/tenancy';
import type { RouteDeps } from './deps';
import { subscribePath } from '../../shared/contract/queries/index';

// Newsletter sign-up: server-side email check, one row per tenant+email, rate-limited per client IP.
export async function newsletterRoutes(app: FastifyInstance, { db, rateLimits }: RouteDeps): Promise<void> {
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
        summary: 'Subscribe an email to the weekly newsletter (a repeat is a success without a duplicate)',
        body: { type: 'object', required: ['email_id'], properties: { email_id: { type: 'string', maxLength: 320 } } },
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      const email = req.body.email_id.trim();
      if (!isValidEmail(email)) throw new ApiError(400, 'Please provide a valid email address.');
      const result = await subscribe(db, tenantOf(req).id, email.toLowerCase());
      return {
        success: true,
        message:
          result === 'created'
            ? 'Thank you for subscribing to our newsletter!'
            : 'You are already subscribed to our newsletter.',
      };
    },
  );
}
