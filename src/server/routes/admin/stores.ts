import type { FastifyInstance } from 'fastify';
import {
  AdminAnswer,
  AdminPage,
  AdminStore,
  IdParams,
  StoreCreate,
  StoreUpdate,
  TenantScopedQuery,
} from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { checkImageSources } from '../../media/image-sources';
import {
  checkTenantChange,
  checkTenantsExist,
  created,
  MessageOnly,
  page,
  requireStore,
  security,
} from './catalogue-shared';
import { auditedWrite, recordWrite, type AdminContext } from './context';
import { operatorOf, requireTenant } from './guard';
import { checkStoreUpdate, lockedStoreTenants, requireStoreOwner } from './store-owner';

// Stores: a paged list with search, create, update (is_archived / is_paused archive or pause it), delete. An editor
// changes a store only when their tenants are all that list it, and its listing on their own tenants (store-owner.ts).
export async function adminStoreRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  registerStoreList(app, ctx);
  registerStoreCreate(app, ctx);
  registerStoreUpdate(app, ctx);
  registerStoreDelete(app, ctx);
}

function registerStoreList(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.get<{ Querystring: TenantScopedQuery }>(
    '/stores',
    {
      schema: {
        tags: ['admin: stores'],
        security,
        summary: 'Stores, paged; q searches name and key; tenant: only those it publishes (required for editors)',
        querystring: TenantScopedQuery,
        response: responses(AdminPage(AdminStore)),
      },
    },
    async (req) => {
      requireTenant(req, req.query.tenant);
      const q = req.query;
      return page(q, await repo.listStores(db, { q: q.q, tenant: q.tenant, page: q.page, perPage: q.per_page }));
    },
  );
}

function registerStoreCreate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.post<{ Body: StoreCreate }>(
    '/stores',
    {
      schema: {
        tags: ['admin: stores'],
        security,
        summary: 'Create a store, published on the given tenants (an editor must name theirs)',
        body: StoreCreate,
        response: created(AdminStore),
      },
    },
    async (req, reply) => {
      const body = req.body;
      const op = operatorOf(req);
      if (op.tenants !== 'all') {
        if (!body.tenants?.length) throw new ApiError(403, 'Editors must publish a new store on one of their tenants.');
        checkTenantChange(req, [], body.tenants);
      }
      await checkTenantsExist(db, body.tenants);
      checkImageSources({ image: body.image });
      const id = newId();
      const store = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.insertStore(tx, id, body);
        if (!after) throw new ApiError(409, 'A store with this key or slug exists.');
        return recordWrite({ action: 'create', entity: 'store', entityId: id, before: null }, after, {
          tenants: after.tenants,
          stores: [id],
        });
      });
      return reply.code(201).send({ success: true, message: 'Store created.', data: store });
    },
  );
}

function registerStoreUpdate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.patch<{ Params: IdParams; Body: StoreUpdate }>(
    '/stores/:id',
    {
      schema: {
        tags: ['admin: stores'],
        security,
        summary:
          'Update a store (is_archived / is_paused archive or pause it; tenants sets where it is published); an editor: ' +
          'only tenants granted to them, and other fields only when every tenant listing the store is granted to them',
        params: IdParams,
        body: StoreUpdate,
        response: responses(AdminAnswer(AdminStore)),
      },
    },
    async (req) => {
      const before = await requireStore(db, req.params.id);
      await checkStoreUpdate(db, req, before.tenants, req.body);
      await checkTenantsExist(db, req.body.tenants);
      checkImageSources({ image: req.body.image });
      const store = await auditedWrite(ctx, req, async (tx) => {
        const tenants = await lockedStoreTenants(tx, before._id);
        await checkStoreUpdate(tx, req, tenants, req.body);
        let after: AdminStore | null;
        try {
          after = await repo.updateStore(tx, before._id, req.body);
        } catch (err) {
          if ((err as { code?: string }).code === '23505') throw new ApiError(409, 'Another store has this slug.');
          throw err;
        }
        return recordWrite({ action: 'update', entity: 'store', entityId: before._id, before }, after!, {
          tenants: [...tenants, ...(after?.tenants ?? [])],
          stores: [before._id],
        });
      });
      return { success: true, message: 'Store updated.', data: store };
    },
  );
}

function registerStoreDelete(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.delete<{ Params: IdParams }>(
    '/stores/:id',
    {
      schema: {
        tags: ['admin: stores'],
        security,
        summary: 'Delete a store and its coupons (an editor: only a store every tenant listing it is granted to them)',
        params: IdParams,
        response: responses(MessageOnly),
      },
    },
    async (req) => {
      const before = await requireStore(db, req.params.id);
      await requireStoreOwner(db, req, before.tenants, 'store');
      await auditedWrite(ctx, req, async (tx) => {
        const tenants = await lockedStoreTenants(tx, before._id);
        await requireStoreOwner(tx, req, tenants, 'store');
        await repo.deleteStore(tx, before._id);
        return recordWrite({ action: 'delete', entity: 'store', entityId: before._id, before }, null, {
          tenants,
          stores: [before._id],
        });
      });
      return { success: true, message: 'Store deleted.' };
    },
  );
}
