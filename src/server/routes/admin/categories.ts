import type { FastifyInstance } from 'fastify';
import {
  AdminAnswer,
  AdminCategory,
  AdminListQuery,
  AdminPage,
  CategoryCreate,
  CategoryParams,
  CategoryUpdate,
} from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import type { Queryable } from '../../db/connect';
import * as repo from '../../db/repositories/admin-catalogue';
import { ApiError } from '../../lib/api-error';
import { created, MessageOnly, page, security } from './catalogue-shared';
import { auditedWrite, recordWrite, type AdminContext } from './context';
import { operatorOf, requireAdmin } from './guard';

// Categories: shared by every tenant, so only an admin changes them (every tenant's lists drop on a write).
export async function adminCategoryRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  registerCategoryList(app, ctx);
  registerCategoryCreate(app, ctx);
  registerCategoryUpdate(app, ctx);
  registerCategoryDelete(app, ctx);
}

async function requireCategory(db: Queryable, name: string): Promise<AdminCategory> {
  const c = await repo.findCategory(db, name);
  if (!c) throw new ApiError(404, 'No such category.');
  return c;
}

function registerCategoryList(app: FastifyInstance, { db }: AdminContext): void {
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
}

function registerCategoryCreate(app: FastifyInstance, ctx: AdminContext): void {
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
        return recordWrite({ action: 'create', entity: 'category', entityId: name, before: null }, after!, {
          all: true,
        });
      });
      return reply.code(201).send({ success: true, message: 'Category created.', data: category });
    },
  );
}

function registerCategoryUpdate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
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
      const before = await requireCategory(db, req.params.name);
      const next = { name: req.body.name?.trim() || before.name, position: req.body.position ?? before.position };
      const category = await auditedWrite(ctx, req, async (tx) => {
        if (next.name !== before.name && (await repo.findCategory(tx, next.name)))
          throw new ApiError(409, 'A category with this name exists.');
        await repo.updateCategory(tx, before.name, next);
        const after = await repo.findCategory(tx, next.name);
        return recordWrite({ action: 'update', entity: 'category', entityId: before.name, before }, after!, {
          all: true,
        });
      });
      return { success: true, message: 'Category updated.', data: category };
    },
  );
}

function registerCategoryDelete(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
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
      const before = await requireCategory(db, req.params.name);
      if (before.coupons > 0) throw new ApiError(409, `${before.coupons} coupons use this category: move them first.`);
      await auditedWrite(ctx, req, async (tx) => {
        await repo.deleteCategory(tx, before.name);
        return recordWrite({ action: 'delete', entity: 'category', entityId: before.name, before }, null, {
          all: true,
        });
      });
      return { success: true, message: 'Category deleted.' };
    },
  );
}
