import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AdminAnswer, AdminUser, UserParams, UserUpdate } from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import { findUserForAdmin, listUsers, updateUserAccess } from '../../db/repositories/admin-users';
import { findTenant } from '../../db/repositories/admin-tenants';
import { ApiError } from '../../lib/api-error';
import { auditedWrite, type AdminContext } from './context';
import { requireAdmin } from './guard';

// System users' access (admin): their role, blocking (which also ends their sessions), an editor's granted tenants.
export async function adminUserRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { db } = ctx;
  app.get(
    '/users',
    {
      schema: {
        tags: ['admin: users'],
        security: [{ bearer: [] }],
        summary: 'System users with role, blocked flag and granted tenants (admin)',
        response: responses(AdminAnswer(Type.Array(AdminUser))),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true, data: await listUsers(db) };
    },
  );

  app.patch<{ Params: UserParams; Body: UserUpdate }>(
    '/users/:email',
    {
      schema: {
        tags: ['admin: users'],
        security: [{ bearer: [] }],
        summary: "Set a user's role, block or unblock them, replace an editor's tenants (admin)",
        params: UserParams,
        body: UserUpdate,
        response: responses(AdminAnswer(AdminUser)),
      },
    },
    async (req) => {
      const op = requireAdmin(req);
      const before = await findUserForAdmin(db, req.params.email.trim().toLowerCase());
      if (!before) throw new ApiError(404, 'No such user.');
      if (before._id === op.id && (req.body.is_blocked || (req.body.role && req.body.role !== 'admin')))
        throw new ApiError(400, 'You cannot block yourself or give up your own admin role.');
      for (const id of req.body.tenants ?? [])
        if (!(await findTenant(db, id))) throw new ApiError(400, `No tenant ${id}.`);
      const after = await auditedWrite(ctx, req, async (tx) => {
        await updateUserAccess(tx, before._id, req.body);
        const updated = (await findUserForAdmin(tx, before.email))!;
        return {
          result: updated,
          audit: { action: 'update', entity: 'user', entityId: before._id, domainId: null, before, after: updated },
          affected: {},
        };
      });
      return { success: true, message: 'User updated.', data: after };
    },
  );
}
