import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminAnswer,
  AdminBanner,
  AdminPage,
  BannerCreate,
  BannerUpdate,
  IdParams,
  TenantScopedQuery,
} from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import type { Queryable } from '../../db/connect';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { findTenant } from '../../db/repositories/admin-tenants';
import { ApiError } from '../../lib/api-error';
import { checkImageSources } from '../../media/image-sources';
import { checkedLink, created, MessageOnly, page, security } from './catalogue-shared';
import { auditedWrite, recordWrite, type AdminContext } from './context';
import { requireTenant } from './guard';

// Banners: a paged list with search, create, update (is_paused pauses / resumes), delete; an editor reaches their
// tenants' banners.
export async function adminBannerRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  registerBannerList(app, ctx);
  registerBannerCreate(app, ctx);
  registerBannerUpdate(app, ctx);
  registerBannerDelete(app, ctx);
}

async function bannerInReach(db: Queryable, req: FastifyRequest, id: string): Promise<AdminBanner> {
  const before = await repo.findBanner(db, id);
  if (!before) throw new ApiError(404, 'No such banner.');
  requireTenant(req, before.domain_id);
  return before;
}

function registerBannerList(app: FastifyInstance, { db }: AdminContext): void {
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
}

function registerBannerCreate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
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
      checkImageSources({ image_upload: body.image_upload, image_url: body.image_url });
      if (body.store_id && !(await repo.findStore(db, body.store_id))) throw new ApiError(400, 'Unknown store_id.');
      const id = newId();
      const banner = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.insertBanner(tx, id, body);
        return recordWrite(
          { action: 'create', entity: 'banner', entityId: id, domainId: body.domain_id, before: null },
          after!,
          { tenants: [body.domain_id] },
        );
      });
      return reply.code(201).send({ success: true, message: 'Banner created.', data: banner });
    },
  );
}

function registerBannerUpdate(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
  app.patch<{ Params: IdParams; Body: BannerUpdate }>(
    '/banners/:id',
    {
      schema: {
        tags: ['admin: banners'],
        security,
        summary: 'Update a banner (is_paused: true takes it out of its slot, false resumes it)',
        params: IdParams,
        body: BannerUpdate,
        response: responses(AdminAnswer(AdminBanner)),
      },
    },
    async (req) => {
      const before = await bannerInReach(db, req, req.params.id);
      checkedLink(req.body.redirect_url, 'redirect_url');
      checkImageSources({ image_upload: req.body.image_upload, image_url: req.body.image_url });
      if (req.body.store_id && !(await repo.findStore(db, req.body.store_id)))
        throw new ApiError(400, 'Unknown store_id.');
      const banner = await auditedWrite(ctx, req, async (tx) => {
        const after = await repo.updateBanner(tx, before._id, req.body);
        return recordWrite(
          { action: 'update', entity: 'banner', entityId: before._id, domainId: before.domain_id, before },
          after!,
          { tenants: [before.domain_id] },
        );
      });
      return { success: true, message: 'Banner updated.', data: banner };
    },
  );
}

function registerBannerDelete(app: FastifyInstance, ctx: AdminContext): void {
  const { db } = ctx;
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
      const before = await bannerInReach(db, req, req.params.id);
      await auditedWrite(ctx, req, async (tx) => {
        await repo.deleteBanner(tx, before._id);
        return recordWrite(
          { action: 'delete', entity: 'banner', entityId: before._id, domainId: before.domain_id, before },
          null,
          { tenants: [before.domain_id] },
        );
      });
      return { success: true, message: 'Banner deleted.' };
    },
  );
}
