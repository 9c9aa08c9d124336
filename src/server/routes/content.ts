import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { responses } from '../api-schemas/common';
import { DealsInfo, FeatureCard } from '../../shared/contract/entities';
import { Answer, MessageAnswer } from '../../shared/contract/envelopes';
import type { Db } from '../db/connect';
import { recordSearch } from '../db/repositories/activity';
import { listDealsInfo, listFeatureCards } from '../db/repositories/content';
import { tenantOf } from '../plugins/tenancy';
import { singleLine } from '../../shared/rules/form-text';
import { recordSearchPath } from '../../shared/contract/queries/index';

// Editorial lists (deals info, feature cards) and search recording.
export async function contentRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/end-user/deals-info/',
    {
      schema: {
        tags: ['content'],
        summary: 'Deals info entries',
        response: responses(Answer(Type.Array(DealsInfo))),
      },
    },
    async (req) => {
      tenantOf(req);
      return { success: true, data: await listDealsInfo(db) };
    },
  );

  app.get(
    '/api/end-user/feature-cards',
    {
      schema: {
        tags: ['content'],
        summary: 'Feature cards {icon, title, description}',
        response: responses(Answer(Type.Array(FeatureCard))),
      },
    },
    async (req) => {
      tenantOf(req);
      return { success: true, data: await listFeatureCards(db) };
    },
  );

  app.post<{ Body: { name: string } }>(
    recordSearchPath,
    {
      schema: {
        tags: ['activity'],
        summary: 'Record a search term',
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      await recordSearch(db, tenantOf(req).id, singleLine(req.body.name).slice(0, 200));
      return { success: true, message: 'Search recorded.' };
    },
  );
}
