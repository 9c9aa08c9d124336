import type { FastifyInstance } from 'fastify';
import { PendingStoreAlertsAnswer, SentStoreAlertsAnswer } from '../../../shared/contract/store-alerts';
import { responses } from '../../api-schemas/common';
import { recordAudit } from '../../db/repositories/admin-audit';
import { countPendingAlerts } from '../../db/repositories/store-follows';
import type { Enqueue } from '../../mail/digest/send';
import { sendStoreAlerts } from '../../mail/store-alerts';
import type { AdminContext } from './context';
import { requireAdmin } from './guard';

// Store alerts (issue 26): how many are due, and "Send pending store alerts now" (what `npm run alerts -- --now`
// does). Admin only: one run mails every tenant's due addresses, past the schedule's one mail a day
// (docs/decisions/027-alerts-once-and-tools-that-explain-themselves.md).
export async function adminStoreAlertRoutes(app: FastifyInstance, { db }: AdminContext, queue: Enqueue): Promise<void> {
  const pending = async () => {
    const p = await countPendingAlerts(db, new Date());
    return { alerts: p.alerts, addresses: p.addresses, mailed_today: p.mailedToday };
  };
  app.get(
    '/store-alerts',
    {
      schema: {
        tags: ['admin: alerts'],
        summary:
          'Store alerts due: coupons shoppers can now see, counted once per confirmed follower not yet mailed about ' +
          'them, and the addresses they go to (admin)',
        security: [{ bearer: [] }],
        response: responses(PendingStoreAlertsAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await pending() };
    },
  );
  app.post(
    '/store-alerts/send',
    {
      schema: {
        tags: ['admin: alerts'],
        summary:
          'Send pending store alerts now: one mail per address and tenant with something due, also to addresses ' +
          "that had today's alert; no coupon goes twice to a follower (admin)",
        security: [{ bearer: [] }],
        response: responses(SentStoreAlertsAnswer),
      },
    },
    async (req) => {
      const op = requireAdmin(req);
      const run = await sendStoreAlerts(db, queue, { all: true });
      const sent = { mails: run.mails, alerts: run.alerts };
      await recordAudit(db, {
        userId: op.id,
        userEmail: op.email,
        action: 'send',
        entity: 'store-alerts',
        entityId: null,
        domainId: null,
        before: null,
        after: sent,
      });
      return { success: true as const, data: { ...sent, pending: await pending() } };
    },
  );
}
