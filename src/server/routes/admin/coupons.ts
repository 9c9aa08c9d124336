import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminCoupon, CouponCreate, CouponListQuery, CouponUpdate, IdParams } from '../../../shared/contract/admin';
import type { Queryable } from '../../db/connect';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { catalogueEntity, catalogueRoutes } from './catalogue-routes';
import { checkedDates, checkedLink } from './catalogue-shared';
import type { AdminContext } from './context';
import { requireTenant } from './guard';
import { lockedStoreTenants, requireStoreOwner } from './store-owner';

// Coupons: a paged list with search (by tenant and store), create, update (is_paused pauses / resumes), delete; an
// editor lists the coupons of the stores their tenants publish and changes those of a store only their tenants list
// (store-owner.ts). A pause drops what any other edit drops: the lists of the tenants publishing the store and the
// store's page everywhere.

async function checkCategory(db: Queryable, name: string | undefined): Promise<void> {
  if (name !== undefined && !(await repo.existingCategories(db)).has(name))
    throw new ApiError(400, `Unknown category "${name.slice(0, 100)}": add it under categories first.`);
}

async function couponInReach(db: Queryable, req: FastifyRequest, id: string): Promise<AdminCoupon> {
  const before = await repo.findCoupon(db, id);
  if (!before) throw new ApiError(404, 'No such coupon.');
  await requireStoreOwner(db, req, await repo.tenantsOfStores(db, [before.store_id]), 'coupon');
  return before;
}

/** In the write's transaction: its store locked and checked again (an import may have moved the coupon). */
async function lockCoupon(tx: Queryable, req: FastifyRequest, before: AdminCoupon): Promise<string[]> {
  const tenants = await lockedStoreTenants(tx, before.store_id);
  await requireStoreOwner(tx, req, tenants, 'coupon');
  if ((await repo.findCoupon(tx, before._id))?.store_id !== before.store_id)
    throw new ApiError(409, 'This coupon was just moved or deleted: reload and try again.');
  return tenants;
}

export const couponEntity = catalogueEntity({
  entity: 'coupon',
  path: '/coupons',
  param: 'id',
  tag: 'admin: coupons',
  schemas: { row: AdminCoupon, params: IdParams, list: CouponListQuery, create: CouponCreate, update: CouponUpdate },
  summaries: {
    list: 'Coupons, newest first; q searches name and key; tenant / store narrow it (tenant required for editors)',
    create: 'Create a coupon for a store (an editor: a store every tenant listing it is granted to them)',
    update: 'Update a coupon (is_paused: true hides it from shoppers everywhere, false resumes it)',
    delete: 'Delete a coupon',
  },
  messages: { created: 'Coupon created.', updated: 'Coupon updated.', deleted: 'Coupon deleted.' },
  auditIds: (coupon) => ({ entityId: coupon._id }),

  async list(db, req, q) {
    requireTenant(req, q.tenant);
    return repo.listCoupons(db, { q: q.q, tenant: q.tenant, store: q.store, page: q.page, perPage: q.per_page });
  },

  async create(db, req, body) {
    const store = await repo.findStore(db, body.store_id);
    if (!store) throw new ApiError(400, 'Unknown store_id.');
    await requireStoreOwner(db, req, store.tenants, 'coupon');
    await checkCategory(db, body.category);
    checkedLink(body.link, 'link');
    const dates = checkedDates(body);
    const id = newId();
    return async (tx) => {
      const tenants = await lockedStoreTenants(tx, store._id);
      await requireStoreOwner(tx, req, tenants, 'coupon');
      const after = await repo.insertCoupon(tx, id, { ...body, ...dates, key: body.key ?? id });
      if (!after) throw new ApiError(409, 'A coupon with this key exists.');
      return { after, affected: { tenants, stores: [store._id] } };
    };
  },

  find: couponInReach,

  async update(db, req, before, sent) {
    await checkCategory(db, sent.category);
    checkedLink(sent.link, 'link');
    const body = { ...sent, ...checkedDates(sent) };
    // Moving it to another store (issue 26's edit form): the operator must be able to change that store's coupons too.
    const moveTo = body.store_id !== undefined && body.store_id !== before.store_id ? body.store_id : null;
    if (moveTo) {
      const target = await repo.findStore(db, moveTo);
      if (!target) throw new ApiError(400, 'Unknown store_id.');
      await requireStoreOwner(db, req, target.tenants, 'coupon');
    }
    return async (tx) => {
      const tenants = await lockCoupon(tx, req, before);
      const targetTenants = moveTo ? await lockedStoreTenants(tx, moveTo) : [];
      if (moveTo) await requireStoreOwner(tx, req, targetTenants, 'coupon');
      const after = await repo.updateCoupon(tx, before._id, body);
      const stores = moveTo ? [before.store_id, moveTo] : [before.store_id];
      return { after: after!, affected: { tenants: [...tenants, ...targetTenants], stores } };
    };
  },

  async remove(_db, req, before) {
    return async (tx) => {
      const tenants = await lockCoupon(tx, req, before);
      await repo.deleteCoupon(tx, before._id);
      return { tenants, stores: [before.store_id] };
    };
  },
});

export const adminCouponRoutes = (app: FastifyInstance, ctx: AdminContext) => catalogueRoutes(app, ctx, couponEntity);
