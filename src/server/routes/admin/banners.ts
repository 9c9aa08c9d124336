import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminBanner, BannerCreate, BannerUpdate, IdParams, TenantScopedQuery } from '../../../shared/contract/admin';
import type { Queryable } from '../../db/connect';
import { newId } from '../../db/ids';
import * as repo from '../../db/repositories/admin-catalogue';
import { findTenant } from '../../db/repositories/admin-tenants';
import { ApiError } from '../../lib/api-error';
import { checkImageSources } from '../../media/image-sources';
import { catalogueEntity, catalogueRoutes } from './catalogue-routes';
import { checkedLink } from './catalogue-shared';
import type { AdminContext } from './context';
import { requireTenant } from './guard';

// Banners: a paged list with search, create, update (is_paused pauses / resumes), delete; an editor reaches their
// tenants' banners.

async function bannerInReach(db: Queryable, req: FastifyRequest, id: string): Promise<AdminBanner> {
  const before = await repo.findBanner(db, id);
  if (!before) throw new ApiError(404, 'No such banner.');
  requireTenant(req, before.domain_id);
  return before;
}

async function checkStoreRef(db: Queryable, storeId: string | null | undefined): Promise<void> {
  if (storeId && !(await repo.findStore(db, storeId))) throw new ApiError(400, 'Unknown store_id.');
}

export const bannerEntity = catalogueEntity({
  entity: 'banner',
  path: '/banners',
  param: 'id',
  tag: 'admin: banners',
  schemas: { row: AdminBanner, params: IdParams, list: TenantScopedQuery, create: BannerCreate, update: BannerUpdate },
  summaries: {
    list: "Banners, paged; q searches links and images; tenant: one tenant's (required for editors)",
    create: 'Create a banner on a tenant',
    update: 'Update a banner (is_paused: true takes it out of its slot, false resumes it)',
    delete: 'Delete a banner',
  },
  messages: { created: 'Banner created.', updated: 'Banner updated.', deleted: 'Banner deleted.' },
  auditIds: (banner) => ({ entityId: banner._id, domainId: banner.domain_id }),

  async list(db, req, q) {
    requireTenant(req, q.tenant);
    return repo.listBanners(db, { q: q.q, tenant: q.tenant, page: q.page, perPage: q.per_page });
  },

  async create(db, req, body) {
    requireTenant(req, body.domain_id);
    if (!(await findTenant(db, body.domain_id))) throw new ApiError(400, 'Unknown domain_id.');
    checkedLink(body.redirect_url, 'redirect_url');
    checkImageSources({ image_upload: body.image_upload, image_url: body.image_url });
    await checkStoreRef(db, body.store_id);
    const id = newId();
    return async (tx) => ({
      after: (await repo.insertBanner(tx, id, body))!,
      affected: { tenants: [body.domain_id] },
    });
  },

  find: bannerInReach,

  async update(db, _req, before, body) {
    checkedLink(body.redirect_url, 'redirect_url');
    checkImageSources({ image_upload: body.image_upload, image_url: body.image_url });
    await checkStoreRef(db, body.store_id);
    return async (tx) => ({
      after: (await repo.updateBanner(tx, before._id, body))!,
      affected: { tenants: [before.domain_id] },
    });
  },

  async remove(_db, _req, before) {
    return async (tx) => {
      await repo.deleteBanner(tx, before._id);
      return { tenants: [before.domain_id] };
    };
  },
});

export const adminBannerRoutes = (app: FastifyInstance, ctx: AdminContext) => catalogueRoutes(app, ctx, bannerEntity);
