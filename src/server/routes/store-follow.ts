import type { FastifyInstance } from 'fastify';
import { MessageAnswer } from '../../shared/contract/envelopes';
import { FollowStoreRequest } from '../../shared/contract/store-follow';
import { followStorePath } from '../../shared/contract/queries/index';
import { isValidEmail } from '../../shared/rules/email';
import { responses } from '../api-schemas/common';
import type { SubscribeOutcome } from '../db/repositories/newsletter';
import { followableStore, followStore } from '../db/repositories/store-follows';
import { sendConfirmation } from '../mail/opt-in';
import { ApiError } from '../plugins/api-error';
import { tenantOf } from '../plugins/tenancy';
import type { RouteDeps } from './deps';

// "Follow this store" (issue 14): double opt-in, then at most one alert mail a day about the store's new coupons.
const MESSAGES: Readonly<Record<SubscribeOutcome, (store: string) => string>> = {
  created: (store) => `Almost done: please check your inbox to confirm alerts about new ${store} coupons.`,
  pending: (store) =>
    `You have already asked for ${store} alerts: please check your inbox and confirm (we have sent the link again).`,
  confirmed: (store) => `You already follow ${store}.`,
};

export async function storeFollowRoutes(app: FastifyInstance, { db, mailer, rateLimits }: RouteDeps): Promise<void> {
  app.post<{ Body: FollowStoreRequest }>(
    followStorePath,
    {
      config: { rateLimit: { max: rateLimits.newsletter.max, timeWindow: rateLimits.newsletter.timeWindow } },
      schema: {
        tags: ['newsletter'],
        summary: "Follow a store: a confirmation mail, then a daily alert about the store's new coupons",
        body: FollowStoreRequest,
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      const tenant = tenantOf(req);
      const email = req.body.email_id.trim().toLowerCase();
      if (!isValidEmail(email)) throw new ApiError(400, 'Please provide a valid email address.');
      const store = await followableStore(db, tenant.id, req.body.store_id);
      if (!store) throw new ApiError(404, 'This store is not on this site.');
      const { outcome, token } = await followStore(db, tenant.id, store.id, email);
      if (outcome !== 'confirmed') {
        try {
          await sendConfirmation(db, mailer, {
            domainId: tenant.id,
            email,
            token,
            list: 'alerts',
            what: `alerts about new ${store.name} coupons`,
          });
        } catch (err) {
          req.log.error({ err }, 'store follow confirmation not queued');
          throw new ApiError(503, 'We could not send the confirmation email right now; please try again shortly.');
        }
      }
      return { success: true, message: MESSAGES[outcome](store.name) };
    },
  );
}
