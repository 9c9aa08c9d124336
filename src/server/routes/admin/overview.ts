import type { FastifyInstance } from 'fastify';
import { OverviewAnswer, OverviewQuery } from '../../../shared/contract/overview';
import { responses } from '../../api-schemas/common';
import { tenantOverview } from '../../db/repositories/overview';
import type { AdminContext } from './context';
import { operatorOf, requireTenant } from './guard';

// Issue 26, the console's first screen: per tenant, today and the last 7 days in its time zone — reveals, click-outs,
// new subscribers, codes reported not working, signal alerts. Any operator: an admin sees every tenant, an editor the
// tenants granted to them (?tenant= narrows to one, which an editor must hold).
export async function adminOverviewRoutes(
  app: FastifyInstance,
  { db, now }: AdminContext & { now: () => number },
): Promise<void> {
  app.get<{ Querystring: OverviewQuery }>(
    '/overview',
    {
      schema: {
        tags: ['admin: overview'],
        summary:
          "How each tenant's day and week are going, in the tenant's time zone: reveals, click-outs, new " +
          'subscribers, codes reported not working (with the most reported coupons) and signal alerts (admin: every ' +
          'tenant; editor: theirs)',
        security: [{ bearer: [] }],
        querystring: OverviewQuery,
        response: responses(OverviewAnswer),
      },
    },
    async (req) => {
      const op = req.query.tenant === undefined ? operatorOf(req) : requireTenant(req, req.query.tenant);
      const domainIds =
        req.query.tenant !== undefined ? [req.query.tenant] : op.tenants === 'all' ? null : [...op.tenants];
      const tenants = await tenantOverview(db, { domainIds, now: now() });
      return { success: true as const, data: { generated_at: new Date(now()).toISOString(), tenants } };
    },
  );
}
