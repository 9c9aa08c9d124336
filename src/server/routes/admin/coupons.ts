import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminAnswer,
  AdminCoupon,
  AdminPage,
  CouponCreate,
  CouponListQuery,
  CouponUpdate,
  IdParams,
} from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import type { Queryable } from '../../db/connect';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { checkedDates, checkedLink, created, MessageOnly, page, security } from './catalogue-shared';
import { auditedWrite, recordWrite, type AdminContext } from './context';
import { requireTenant } from './guard';
import { lockedStoreTenants, requireStoreOwner } from './store-owner';

// Coupons: a paged list with search (by tenant and store), create, update (is_paused pauses / resumes), delete; an
// editor lists the coupons of the stores their tenants publish and changes those of a store only their tenants list
// (store-owner.ts). A pause drops what any other edit drops: the lists of the tenants publishing the store and the
// store's page everywhere.
export async function adminCouponRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  registerCouponList(app, ctx);
  registerCouponCreate(app, ctx);
  registerCouponUpdate(app, ctx);
  registerCouponDelete(app, ctx);
}

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

function registerCouponList(app: FastifyInstance, { db }: AdminContext): void {
  app.get<{ Querystring: CouponListQuery }>(
    '/coupons',
    {
      schema: {
        tags: ['admin: coupons'],
        security,
        summary:
          'Coupons, newest first; q searches name and key; tenant / store narrow it (tenant required for editors)',
        querystring: CouponListQuery,
        response: responses(AdminPage(AdminCoupon)),
      },
    },
    async (req) => {
      requireTenant(req, req.query.tenant);
      const q = req.query;
      return page(
        q,
        await repo.listCoupons(db, { q: q.q, tenant: q.tenant, store: q.store, page: q.page, perPage: q.per_page }),
      );
    },
  );
}

function registerCouponCreate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.post<{ Body: CouponCreate }>(
    '/coupons',
    {
      schema: {
        tags: ['admin: coupons'],
        security,
        summary: 'Create a coupon for a store (an editor: a store every tenant listing it is granted to them)',
        body: CouponCreate,
        response: created(AdminCoupon),
      },
    },
    async (req, reply) => {
      const body = req.body;
      const store = await repo.findStore(db, body.store_id);
      if (!store) throw new ApiError(400, 'Unknown store_id.');
      await requireStoreOwner(db, req, store.tenants, 'coupon');
      await checkCategory(db, body.category);
      checkedLink(body.link, 'link');
      const dates = checkedDates(body);
      const id = newId();
      const coupon = await auditedWrite(ctx, req, async (tx) => {
        const tenants = await lockedStoreTenants(tx, store._id);
        await requireStoreOwner(tx, req, tenants, 'coupon');
        const after = await repo.insertCoupon(tx, id, { ...body, ...dates, key: body.key ?? id });
        if (!after) throw new ApiError(409, 'A coupon with this key exists.');
        return recordWrite({ action: 'create', entity: 'coupon', entityId: id, before: null }, after, {
          tenants,
          stores: [store._id],
        });
      });
      return reply.code(201).send({ success: true, message: 'Coupon created.', data: coupon });
    },
  );
}

function registerCouponUpdate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.patch<{ Params: IdParams; Body: CouponUpdate }>(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin: coupons'],
        security,
        summary: 'Update a coupon (is_paused: true hides it from shoppers everywhere, false resumes it)',
        params: IdParams,
        body: CouponUpdate,
        response: responses(AdminAnswer(AdminCoupon)),
      },
    },
    async (req) => {
      const before = await couponInReach(db, req, req.params.id);
      await checkCategory(db, req.body.category);
      checkedLink(req.body.link, 'link');
      const body = { ...req.body, ...checkedDates(req.body) };
      // Moving it to another store (issue 26's edit form): the operator must be able to change that store's coupons too.
      const moveTo = body.store_id !== undefined && body.store_id !== before.store_id ? body.store_id : null;
      if (moveTo) {
        const target = await repo.findStore(db, moveTo);
        if (!target) throw new ApiError(400, 'Unknown store_id.');
        await requireStoreOwner(db, req, target.tenants, 'coupon');
      }
      const coupon = await auditedWrite(ctx, req, async (tx) => {
        const tenants = await lockCoupon(tx, req, before);
        const targetTenants = moveTo ? await lockedStoreTenants(tx, moveTo) : [];
        if (moveTo) await requireStoreOwner(tx, req, targetTenants, 'coupon');
        const after = await repo.updateCoupon(tx, before._id, body);
        return recordWrite({ action: 'update', entity: 'coupon', entityId: before._id, before }, after!, {
          tenants: [...tenants, ...targetTenants],
          stores: moveTo ? [before.store_id, moveTo] : [before.store_id],
        });
      });
      return { success: true, message: 'Coupon updated.', data: coupon };
    },
  );
}

function registerCouponDelete(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.delete<{ Params: IdParams }>(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin: coupons'],
        security,
        summary: 'Delete a coupon',
        params: IdParams,
        response: responses(MessageOnly),
      },
    },
    async (req) => {
      const before = await couponInReach(db, req, req.params.id);
      await auditedWrite(ctx, req, async (tx) => {
        const tenants = await lockCoupon(tx, req, before);
        await repo.deleteCoupon(tx, before._id);
        return recordWrite({ action: 'delete', entity: 'coupon', entityId: before._id, before }, null, {
          tenants,
          stores: [before.store_id],
        });
      });
      return { success: true, message: 'Coupon deleted.' };
    },
  );
}
