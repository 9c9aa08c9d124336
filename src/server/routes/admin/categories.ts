import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminCategory,
  AdminListQuery,
  CategoryCreate,
  CategoryParams,
  CategoryUpdate,
} from '../../../shared/contract/admin';
import type { Queryable } from '../../db/connect';
import * as repo from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { catalogueEntity, catalogueRoutes } from './catalogue-routes';
import type { AdminContext } from './context';
import { operatorOf, requireAdmin } from './guard';

// Categories: shared by every tenant, so only an admin changes them (every tenant's lists drop on a write).

async function requireCategory(db: Queryable, req: FastifyRequest, name: string): Promise<AdminCategory> {
  requireAdmin(req);
  const c = await repo.findCategory(db, name);
  if (!c) throw new ApiError(404, 'No such category.');
  return c;
}

export const categoryEntity = catalogueEntity({
  entity: 'category',
  path: '/categories',
  param: 'name',
  tag: 'admin: categories',
  schemas: {
    row: AdminCategory,
    params: CategoryParams,
    list: AdminListQuery,
    create: CategoryCreate,
    update: CategoryUpdate,
  },
  summaries: {
    list: 'Categories (shared by every tenant) with their coupon counts',
    create: 'Create a category (admin)',
    update: 'Rename (its coupons follow) or reorder a category (admin); every tenant lists categories',
    delete: 'Delete a category no coupon uses (admin)',
  },
  messages: { created: 'Category created.', updated: 'Category updated.', deleted: 'Category deleted.' },
  auditIds: (category) => ({ entityId: category.name }),

  async list(db, req, q) {
    operatorOf(req);
    return repo.listCategories(db, { q: q.q, page: q.page, perPage: q.per_page });
  },

  async create(_db, req, body) {
    requireAdmin(req);
    const name = body.name.trim();
    if (!name) throw new ApiError(400, 'The name must not be blank.');
    return async (tx) => {
      if (!(await repo.insertCategory(tx, name, body.position ?? 0))) throw new ApiError(409, 'This category exists.');
      return { after: (await repo.findCategory(tx, name))!, affected: { all: true } };
    };
  },

  find: requireCategory,

  async update(_db, _req, before, body) {
    const next = { name: body.name?.trim() || before.name, position: body.position ?? before.position };
    return async (tx) => {
      if (next.name !== before.name && (await repo.findCategory(tx, next.name)))
        throw new ApiError(409, 'A category with this name exists.');
      await repo.updateCategory(tx, before.name, next);
      return { after: (await repo.findCategory(tx, next.name))!, affected: { all: true } };
    };
  },

  async remove(_db, _req, before) {
    if (before.coupons > 0) throw new ApiError(409, `${before.coupons} coupons use this category: move them first.`);
    return async (tx) => {
      await repo.deleteCategory(tx, before.name);
      return { all: true };
    };
  },
});

export const adminCategoryRoutes = (app: FastifyInstance, ctx: AdminContext) =>
  catalogueRoutes(app, ctx, categoryEntity);
