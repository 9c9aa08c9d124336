import type { FastifyInstance } from 'fastify';
import { SignalAlertsAnswer, SignalAlertsQuery } from '../../../shared/contract/signal-alerts';
import { responses } from '../../api-schemas/common';
import { listSignalAlerts } from '../../db/repositories/signal-alerts';
import type { AdminContext } from './context';
import { operatorOf } from './guard';

// Bursts of forged-looking signals (issue 24), most recently seen first. Any operator: an admin sees every alert, an
// editor those whose requests came to a tenant granted to them (the grant model's unit is the tenant).
export async function adminAlertRoutes(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  app.get<{ Querystring: SignalAlertsQuery }>(
    '/alerts',
    {
      schema: {
        tags: ['admin: alerts'],
        summary:
          'Bursts of votes on a coupon or of exposures / outcomes on an experiment arm from one network: per alert ' +
          'the coupon or arm, the tenants, each network with its count, the total, first and last seen (admin: ' +
          'all; editor: their tenants)',
        security: [{ bearer: [] }],
        querystring: SignalAlertsQuery,
        response: responses(SignalAlertsAnswer),
      },
    },
    async (req) => {
      const op = operatorOf(req);
      const domainIds = op.tenants === 'all' ? null : [...op.tenants];
      return { success: true as const, data: await listSignalAlerts(db, { limit: req.query.limit, domainIds }) };
    },
  );
}
