import type { FastifyInstance } from 'fastify';
import { AdminListQuery, AdminPage, AuditEntry } from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import { listAudit } from '../../db/repositories/admin-audit';
import type { AdminContext } from './context';
import { requireAdmin } from './guard';

// The audit list: every admin write, newest first (admin).
export async function adminAuditRoutes(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  app.get<{ Querystring: AdminListQuery }>(
    '/audit',
    {
      schema: {
        tags: ['admin: audit'],
        security: [{ bearer: [] }],
        summary:
          'Every admin write (who, when, what, before/after), newest first; q searches email, entity, id (admin)',
        querystring: AdminListQuery,
        response: responses(AdminPage(AuditEntry)),
      },
    },
    async (req) => {
      requireAdmin(req);
      const q = req.query;
      const p = await listAudit(db, { q: q.q, page: q.page, perPage: q.per_page });
      return { success: true, data: p.rows, total: p.total, page: q.page, per_page: q.per_page };
    },
  );
}
