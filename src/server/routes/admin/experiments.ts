import type { FastifyInstance } from 'fastify';
import { ExperimentsAnswer } from '../../../shared/contract/experiments';
import { responses } from '../../api-schemas/common';
import { loadExperimentReport } from '../../db/repositories/experiments';
import type { AdminContext } from './context';
import { requireAdmin } from './guard';

// The A/B layouts' report (issue 16) for the console, the same one `npm run experiments:report` prints (admin), with
// what each arm earned per click (issue 31).
export async function adminExperimentRoutes(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  app.get(
    '/experiments',
    {
      schema: {
        tags: ['admin: experiments'],
        summary:
          'A/B layouts: per experiment and variant, shoppers, reveals per 100 shoppers, click-outs and the p-value against the control; counted clicks, commission, EPC with its 95 % interval and Welch p-value, and the revenue verdict (admin)',
        security: [{ bearer: [] }],
        response: responses(ExperimentsAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await loadExperimentReport(db) };
    },
  );
}
