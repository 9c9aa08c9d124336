import type { FastifyInstance } from 'fastify';
import { AdminStore, IdParams, StoreCreate, StoreUpdate, TenantScopedQuery } from '../../../shared/contract/admin';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { checkImageSources } from '../../media/image-sources';
import { catalogueEntity, catalogueRoutes } from './catalogue-routes';
import { checkTenantChange, checkTenantsExist, requireStore } from './catalogue-shared';
import type { AdminContext } from './context';
import { operatorOf, requireTenant } from './guard';
import { checkStoreUpdate, lockedStoreTenants, requireStoreOwner } from './store-owner';

// Stores: a paged list with search, create, update (is_archived / is_paused archive or pause it), delete. An editor
// changes a store only when their tenants are all that list it, and its listing on their own tenants (store-owner.ts).
export const storeEntity = catalogueEntity({
  entity: 'store',
  path: '/stores',
  param: 'id',
  tag: 'admin: stores',
  schemas: { row: AdminStore, params: IdParams, list: TenantScopedQuery, create: StoreCreate, update: StoreUpdate },
  summaries: {
    list: 'Stores, paged; q searches name and key; tenant: only those it publishes (required for editors)',
    create: 'Create a store, published on the given tenants (an editor must name theirs)',
    update:
      'Update a store (is_archived / is_paused archive or pause it; tenants sets where it is published); an editor: ' +
      'only tenants granted to them, and other fields only when every tenant listing the store is granted to them',
    delete: 'Delete a store and its coupons (an editor: only a store every tenant listing it is granted to them)',
  },
  messages: { created: 'Store created.', updated: 'Store updated.', deleted: 'Store deleted.' },
  auditIds: (store) => ({ entityId: store._id }),

  async list(db, req, q) {
    requireTenant(req, q.tenant);
    return repo.listStores(db, { q: q.q, tenant: q.tenant, page: q.page, perPage: q.per_page });
  },

  async create(db, req, body) {
    const op = operatorOf(req);
    if (op.tenants !== 'all') {
      if (!body.tenants?.length) throw new ApiError(403, 'Editors must publish a new store on one of their tenants.');
      checkTenantChange(req, [], body.tenants);
    }
    await checkTenantsExist(db, body.tenants);
    checkImageSources({ image: body.image });
    const id = newId();
    return async (tx) => {
      const after = await repo.insertStore(tx, id, body);
      if (!after) throw new ApiError(409, 'A store with this key or slug exists.');
      return { after, affected: { tenants: after.tenants, stores: [id] } };
    };
  },

  find: (db, _req, id) => requireStore(db, id),

  async update(db, req, before, body) {
    await checkStoreUpdate(db, req, before.tenants, body);
    await checkTenantsExist(db, body.tenants);
    checkImageSources({ image: body.image });
    return async (tx) => {
      const tenants = await lockedStoreTenants(tx, before._id);
      await checkStoreUpdate(tx, req, tenants, body);
      let after: AdminStore | null;
      try {
        after = await repo.updateStore(tx, before._id, body);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new ApiError(409, 'Another store has this slug.');
        throw err;
      }
      return { after: after!, affected: { tenants: [...tenants, ...(after?.tenants ?? [])], stores: [before._id] } };
    };
  },

  async remove(db, req, before) {
    await requireStoreOwner(db, req, before.tenants, 'store');
    return async (tx) => {
      const tenants = await lockedStoreTenants(tx, before._id);
      await requireStoreOwner(tx, req, tenants, 'store');
      await repo.deleteStore(tx, before._id);
      return { tenants, stores: [before._id] };
    };
  },
});

export const adminStoreRoutes = (app: FastifyInstance, ctx: AdminContext) => catalogueRoutes(app, ctx, storeEntity);
