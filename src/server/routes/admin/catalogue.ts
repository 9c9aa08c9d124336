import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  AdminAnswer,
  AdminBanner,
  AdminCategory,
  AdminCoupon,
  AdminListQuery,
  AdminPage,
  AdminStore,
  BannerCreate,
  BannerUpdate,
  CategoryCreate,
  CategoryParams,
  CategoryUpdate,
  CouponCreate,
  CouponListQuery,
  CouponUpdate,
  IdParams,
  StoreCreate,
  StoreUpdate,
  TenantScopedQuery,
} from '../../../shared/contract/admin';
import { parseFeedDate } from '../../../shared/rules/feed-date';
import { httpUrl } from '../../../shared/rules/http-url';
import { responses } from '../../api-schemas/common';
import type { Queryable } from '../../db/connect';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { findTenant } from '../../db/repositories/admin-tenants';
import { ApiError } from '../../plugins/api-error';
import { auditedWrite, type AdminContext } from './context';
import { operatorOf, reaches, requireAdmin, requireAnyTenant, requireTenant } from './guard';

// Stores, coupons, categories and banners: paged lists with search, create, update (archive / pause are store fields),
// delete. An editor reaches the stores their tenants publish, those stores' coupons, and their tenants' banners;
// categories are shared by every tenant, so only an admin changes them.
const security = [{ bearer: [] }];
const MessageOnly = Type.Object({ success: Type.Boolean(), message: Type.String() });
const created = <T extends object>(schema: T) => ({
  ...responses(AdminAnswer(schema as never)),
  201: AdminAnswer(schema as never),
});

const page = <T>(q: { page: number; per_page: number }, p: repo.Paged<T>) => ({
  success: true,
  data: p.rows,
  total: p.total,
  page: q.page,
  per_page: q.per_page,
});

async function requireStore(db: Queryable, id: string): Promise<AdminStore> {
  const s = await repo.findStore(db, id);
  if (!s) throw new ApiError(404, 'No such store.');
  return s;
}

/** An editor may change a store's tenants only among the tenants granted to them. */
function checkTenantChange(req: FastifyRequest, before: readonly string[], after: readonly string[] | undefined) {
  if (!after) return;
  const op = operatorOf(req);
  const changed = [...before.filter((t) => !after.includes(t)), ...after.filter((t) => !before.includes(t))];
  for (const t of changed) if (!reaches(op, t)) throw new ApiError(403, 'This tenant is not granted to you.');
}

async function checkTenantsExist(db: Queryable, ids: readonly string[] | undefined) {
  for (const id of ids ?? []) if (!(await findTenant(db, id))) throw new ApiError(400, `No tenant with id ${id}.`);
}

function checkedExpiry(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const d = parseFeedDate(value);
  if (!d.ok) throw new ApiError(400, `expiry_date: ${d.message}`);
  return d.value;
}

function checkedLink(value: string | undefined, field: string): void {
  if (value !== undefined && httpUrl(value) === null)
    throw new ApiError(400, `${field} must be an absolute http(s) URL.`);
}

export async function adminCatalogueRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { db } = ctx;

  // ---- stores -------------------------------------------------------------------------------------------------------
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
      const id = newId();
      const store = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.insertStore(tx, id, body);
        if (!after) throw new ApiError(409, 'A store with this key or slug exists.');
        return {
          result: after,
          audit: { action: 'create', entity: 'store', entityId: id, domainId: null, before: null, after },
          affected: { tenants: after.tenants, stores: [id] },
        };
      });
      return reply.code(201).send({ success: true, message: 'Store created.', data: store });
    },
  );

  app.patch<{ Params: IdParams; Body: StoreUpdate }>(
    '/stores/:id',
    {
      schema: {
        tags: ['admin: stores'],
        security,
        summary: 'Update a store (is_archived / is_paused archive or pause it; tenants sets where it is published)',
        params: IdParams,
        body: StoreUpdate,
        response: responses(AdminAnswer(AdminStore)),
      },
    },
    async (req) => {
      const before = await requireStore(db, req.params.id);
      requireAnyTenant(req, before.tenants);
      checkTenantChange(req, before.tenants, req.body.tenants);
      await checkTenantsExist(db, req.body.tenants);
      const store = await auditedWrite(ctx, req, async (tx) => {
        let after: AdminStore | null;
        try {
          after = await repo.updateStore(tx, before._id, req.body);
        } catch (err) {
          if ((err as { code?: string }).code === '23505') throw new ApiError(409, 'Another store has this slug.');
          throw err;
        }
        return {
          result: after!,
          audit: { action: 'update', entity: 'store', entityId: before._id, domainId: null, before, after },
          affected: { tenants: [...before.tenants, ...(after?.tenants ?? [])], stores: [before._id] },
        };
      });
      return { success: true, message: 'Store updated.', data: store };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/stores/:id',
    {
      schema: {
        tags: ['admin: stores'],
        security,
        summary: 'Delete a store and its coupons (an editor: only a store no other tenant publishes)',
        params: IdParams,
        response: responses(MessageOnly),
      },
    },
    async (req) => {
      const before = await requireStore(db, req.params.id);
      const op = requireAnyTenant(req, before.tenants);
      if (!before.tenants.every((t) => reaches(op, t)))
        throw new ApiError(403, 'Tenants not granted to you publish this store.');
      await auditedWrite(ctx, req, async (tx) => {
        await repo.deleteStore(tx, before._id);
        return {
          result: null,
          audit: { action: 'delete', entity: 'store', entityId: before._id, domainId: null, before, after: null },
          affected: { tenants: before.tenants, stores: [before._id] },
        };
      });
      return { success: true, message: 'Store deleted.' };
    },
  );

  // ---- coupons ------------------------------------------------------------------------------------------------------
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

  const checkCategory = async (name: string | undefined) => {
    if (name !== undefined && !(await repo.existingCategories(db)).has(name))
      throw new ApiError(400, `Unknown category "${name.slice(0, 100)}": add it under categories first.`);
  };

  app.post<{ Body: CouponCreate }>(
    '/coupons',
    {
      schema: {
        tags: ['admin: coupons'],
        security,
        summary: 'Create a coupon for a store (an editor: a store one of their tenants publishes)',
        body: CouponCreate,
        response: created(AdminCoupon),
      },
    },
    async (req, reply) => {
      const body = req.body;
      const store = await repo.findStore(db, body.store_id);
      if (!store) throw new ApiError(400, 'Unknown store_id.');
      requireAnyTenant(req, store.tenants);
      await checkCategory(body.category);
      checkedLink(body.link, 'link');
      const expiry = checkedExpiry(body.expiry_date);
      const id = newId();
      const coupon = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.insertCoupon(tx, id, { ...body, key: body.key ?? id, expiry_date: expiry ?? null });
        if (!after) throw new ApiError(409, 'A coupon with this key exists.');
        return {
          result: after,
          audit: { action: 'create', entity: 'coupon', entityId: id, domainId: null, before: null, after },
          affected: { tenants: store.tenants, stores: [store._id] },
        };
      });
      return reply.code(201).send({ success: true, message: 'Coupon created.', data: coupon });
    },
  );

  const couponInReach = async (req: FastifyRequest, id: string) => {
    const before = await repo.findCoupon(db, id);
    if (!before) throw new ApiError(404, 'No such coupon.');
    const tenants = await repo.tenantsOfStores(db, [before.store_id]);
    requireAnyTenant(req, tenants);
    return { before, tenants };
  };

  app.patch<{ Params: IdParams; Body: CouponUpdate }>(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin: coupons'],
        security,
        summary: 'Update a coupon',
        params: IdParams,
        body: CouponUpdate,
        response: responses(AdminAnswer(AdminCoupon)),
      },
    },
    async (req) => {
      const { before, tenants } = await couponInReach(req, req.params.id);
      await checkCategory(req.body.category);
      checkedLink(req.body.link, 'link');
      const body = { ...req.body };
      if (body.expiry_date !== undefined) body.expiry_date = checkedExpiry(body.expiry_date) ?? null;
      const coupon = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.updateCoupon(tx, before._id, body);
        return {
          result: after!,
          audit: { action: 'update', entity: 'coupon', entityId: before._id, domainId: null, before, after },
          affected: { tenants, stores: [before.store_id] },
        };
      });
      return { success: true, message: 'Coupon updated.', data: coupon };
    },
  );

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
      const { before, tenants } = await couponInReach(req, req.params.id);
      await auditedWrite(ctx, req, async (tx) => {
        await repo.deleteCoupon(tx, before._id);
        return {
          result: null,
          audit: { action: 'delete', entity: 'coupon', entityId: before._id, domainId: null, before, after: null },
          affected: { tenants, stores: [before.store_id] },
        };
      });
      return { success: true, message: 'Coupon deleted.' };
    },
  );

  // ---- categories ---------------------------------------------------------------------------------------------------
  app.get<{ Querystring: AdminListQuery }>(
    '/categories',
    {
      schema: {
        tags: ['admin: categories'],
        security,
        summary: 'Categories (shared by every tenant) with their coupon counts',
        querystring: AdminListQuery,
        response: responses(AdminPage(AdminCategory)),
      },
    },
    async (req) => {
      operatorOf(req);
      const q = req.query;
      return page(q, await repo.listCategories(db, { q: q.q, page: q.page, perPage: q.per_page }));
    },
  );

  app.post<{ Body: CategoryCreate }>(
    '/categories',
    {
      schema: {
        tags: ['admin: categories'],
        security,
        summary: 'Create a category (admin)',
        body: CategoryCreate,
        response: created(AdminCategory),
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const name = req.body.name.trim();
      if (!name) throw new ApiError(400, 'The name must not be blank.');
      const category = await auditedWrite(ctx, req, async (tx) => {
        if (!(await repo.insertCategory(tx, name, req.body.position ?? 0)))
          throw new ApiError(409, 'This category exists.');
        const after = await repo.findCategory(tx, name);
        return {
          result: after!,
          audit: { action: 'create', entity: 'category', entityId: name, domainId: null, before: null, after },
          affected: { all: true },
        };
      });
      return reply.code(201).send({ success: true, message: 'Category created.', data: category });
    },
  );

  app.patch<{ Params: CategoryParams; Body: CategoryUpdate }>(
    '/categories/:name',
    {
      schema: {
        tags: ['admin: categories'],
        security,
        summary: 'Rename (its coupons follow) or reorder a category (admin); every tenant lists categories',
        params: CategoryParams,
        body: CategoryUpdate,
        response: responses(AdminAnswer(AdminCategory)),
      },
    },
    async (req) => {
      requireAdmin(req);
      const before = await repo.findCategory(db, req.params.name);
      if (!before) throw new ApiError(404, 'No such category.');
      const next = { name: req.body.name?.trim() || before.name, position: req.body.position ?? before.position };
      const category = await auditedWrite(ctx, req, async (tx) => {
        if (next.name !== before.name && (await repo.findCategory(tx, next.name)))
          throw new ApiError(409, 'A category with this name exists.');
        await repo.updateCategory(tx, before.name, next);
        const after = await repo.findCategory(tx, next.name);
        return {
          result: after!,
          audit: { action: 'update', entity: 'category', entityId: before.name, domainId: null, before, after },
          affected: { all: true },
        };
      });
      return { success: true, message: 'Category updated.', data: category };
    },
  );

  app.delete<{ Params: CategoryParams }>(
    '/categories/:name',
    {
      schema: {
        tags: ['admin: categories'],
        security,
        summary: 'Delete a category no coupon uses (admin)',
        params: CategoryParams,
        response: responses(MessageOnly),
      },
    },
    async (req) => {
      requireAdmin(req);
      const before = await repo.findCategory(db, req.params.name);
      if (!before) throw new ApiError(404, 'No such category.');
      if (before.coupons > 0) throw new ApiError(409, `${before.coupons} coupons use this category: move them first.`);
      await auditedWrite(ctx, req, async (tx) => {
        await repo.deleteCategory(tx, before.name);
        return {
          result: null,
          audit: { action: 'delete', entity: 'category', entityId: before.name, domainId: null, before, after: null },
          affected: { all: true },
        };
      });
      return { success: true, message: 'Category deleted.' };
    },
  );

  // ---- banners ------------------------------------------------------------------------------------------------------
  app.get<{ Querystring: TenantScopedQuery }>(
    '/banners',
    {
      schema: {
        tags: ['admin: banners'],
        security,
        summary: "Banners, paged; q searches links and images; tenant: one tenant's (required for editors)",
        querystring: TenantScopedQuery,
        response: responses(AdminPage(AdminBanner)),
      },
    },
    async (req) => {
      requireTenant(req, req.query.tenant);
      const q = req.query;
      return page(q, await repo.listBanners(db, { q: q.q, tenant: q.tenant, page: q.page, perPage: q.per_page }));
    },
  );

  app.post<{ Body: BannerCreate }>(
    '/banners',
    {
      schema: {
        tags: ['admin: banners'],
        security,
        summary: 'Create a banner on a tenant',
        body: BannerCreate,
        response: created(AdminBanner),
      },
    },
    async (req, reply) => {
      const body = req.body;
      requireTenant(req, body.domain_id);
      if (!(await findTenant(db, body.domain_id))) throw new ApiError(400, 'Unknown domain_id.');
      checkedLink(body.redirect_url, 'redirect_url');
      if (body.store_id && !(await repo.findStore(db, body.store_id))) throw new ApiError(400, 'Unknown store_id.');
      const id = newId();
      const banner = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.insertBanner(tx, id, body);
        return {
          result: after!,
          audit: { action: 'create', entity: 'banner', entityId: id, domainId: body.domain_id, before: null, after },
          affected: { tenants: [body.domain_id] },
        };
      });
      return reply.code(201).send({ success: true, message: 'Banner created.', data: banner });
    },
  );

  const bannerInReach = async (req: FastifyRequest, id: string) => {
    const before = await repo.findBanner(db, id);
    if (!before) throw new ApiError(404, 'No such banner.');
    requireTenant(req, before.domain_id);
    return before;
  };

  app.patch<{ Params: IdParams; Body: BannerUpdate }>(
    '/banners/:id',
    {
      schema: {
        tags: ['admin: banners'],
        security,
        summary: 'Update a banner',
        params: IdParams,
        body: BannerUpdate,
        response: responses(AdminAnswer(AdminBanner)),
      },
    },
    async (req) => {
      const before = await bannerInReach(req, req.params.id);
      checkedLink(req.body.redirect_url, 'redirect_url');
      if (req.body.store_id && !(await repo.findStore(db, req.body.store_id)))
        throw new ApiError(400, 'Unknown store_id.');
      const banner = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.updateBanner(tx, before._id, req.body);
        return {
          result: after!,
          audit: {
            action: 'update',
            entity: 'banner',
            entityId: before._id,
            domainId: before.domain_id,
            before,
            after,
          },
          affected: { tenants: [before.domain_id] },
        };
      });
      return { success: true, message: 'Banner updated.', data: banner };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/banners/:id',
    {
      schema: {
        tags: ['admin: banners'],
        security,
        summary: 'Delete a banner',
        params: IdParams,
        response: responses(MessageOnly),
      },
    },
    async (req) => {
      const before = await bannerInReach(req, req.params.id);
      await auditedWrite(ctx, req, async (tx) => {
        await repo.deleteBanner(tx, before._id);
        return {
          result: null,
          audit: {
            action: 'delete',
            entity: 'banner',
            entityId: before._id,
            domainId: before.domain_id,
            before,
            after: null,
          },
          affected: { tenants: [before.domain_id] },
        };
      });
      return { success: true, message: 'Banner deleted.' };
    },
  );
}
