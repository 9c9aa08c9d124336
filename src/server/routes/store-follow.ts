import type { FastifyInstance } from 'fastify';
import { MessageAnswer } from '../../shared/contract/envelopes';
import { FollowStoreRequest } from '../../shared/contract/store-follow';
import { followStorePath } from '../../shared/contract/queries/index';
import { isValidEmail } from '../../shared/rules/email';
import { responses } from '../api-schemas/common';
import { followableStore, followStore } from '../db/repositories/store-follows';
import { OptInMailError, requestOptIn } from '../mail/opt-in-request';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import type { RouteDeps } from './deps';

// "Follow this store" (issue 14): double opt-in, then at most one alert mail a day about the store's new coupons. One
// answer for a new, pending or confirmed follower (issue 24): the mail, throttled per inbox, says which.
export const followMessage = (store: string): string =>
  `Thank you! Please check your inbox for our email about alerts for new ${store} coupons.`;

export async function storeFollowRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, rateLimits } = deps;
  app.post<{ Body: FollowStoreRequest }>(
    followStorePath,
    {
      config: { rateLimit: { max: rateLimits.newsletter.max, timeWindow: rateLimits.newsletter.timeWindow } },
      schema: {
        tags: ['newsletter'],
        summary:
          'Follow a store (double opt-in, then daily alerts): the same answer for a new, pending or confirmed address',
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
      try {
        await requestOptIn(deps, {
          domainId: tenant.id,
          email,
          list: 'alerts',
          what: `alerts about new ${store.name} coupons`,
          signUp: (tx) => followStore(tx, tenant.id, store.id, email),
        });
      } catch (err) {
        if (!(err instanceof OptInMailError)) throw err;
        req.log.error({ err }, 'store follow confirmation not queued');
        throw new ApiError(503, 'We could not send the confirmation email right now; please try again shortly.');
      }
      return { success: true, message: followMessage(store.name) };
    },
  );
}
