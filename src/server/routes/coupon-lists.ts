import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParam, pagingQuery, responses, textParam, totalPages } from '../api-schemas/common';
import {
  CategoryCounts,
  CouponPage,
  CouponSearchPage,
  OfferPage,
  type OfferQuery,
  type PagingQuery,
} from '../../shared/contract/envelopes';
import { offerListing, offerQueryProperties } from './offer-query';
import { categoryCounts, listCoupons, type CouponFilter, type CouponOrder } from '../db/repositories/coupons';
import type { Db } from '../db/connect';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import { keptOfferCounts } from '../cache/kept-reads';
import {
  categoriesPath,
  couponsByCategoryPath,
  latestCouponsPath,
  recommendedCouponsPath,
  searchCouponsPath,
} from '../../shared/contract/queries/index';

// Coupon lists of SPEC §7 (paged: total_records/total_pages; searches: totalRecords/total_pages/per_page/page).
// The listing pages' lists take issue 13's ?type=&verified=&sort= and answer offer_counts, the totals per type.
const resolution = { type: 'string', maxLength: 40, description: 'Window size "WxH" (accepted, not used)' } as const;
const category = { type: 'string', minLength: 1, maxLength: 100 } as const;

type Q = PagingQuery &
  OfferQuery & {
    category?: string;
    store_id?: string;
    storeId?: string;
    search?: string;
    name?: string;
    recommended?: boolean;
  };

async function page(app: FastifyInstance, db: Db, domainId: string, filter: CouponFilter, best: CouponOrder, q: Q) {
  const offers = offerListing(q, best);
  // The tab counts depend on the filter alone: kept across its pages and orders (cache/kept-reads.ts).
  const { coupons, total, counts } = await listCoupons(db, domainId, { ...filter, ...offers.filter }, offers.order, q, {
    ...offers.options,
    counts: keptOfferCounts(app.readMemo, domainId),
  });
  return {
    success: true,
    data: coupons,
    total_records: total,
    total_pages: totalPages(total, q.per_page),
    page: q.page,
    per_page: q.per_page,
    offer_counts: counts,
  };
}

export async function couponListRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  registerCategoryLists(app, db);
  registerCouponFeeds(app, db);
  registerStoreCoupons(app, db);
  registerCouponSearch(app, db);
}

/** The categories with their counts, and a category's coupons (under two URLs). */
function registerCategoryLists(app: FastifyInstance, db: Db): void {
  app.get(
    categoriesPath,
    {
      schema: {
        tags: ['coupons'],
        summary: 'Categories with their coupon counts',
        querystring: { type: 'object', properties: { district: textParam(100) } },
        response: responses(CategoryCounts),
      },
    },
    async (req) => ({ success: true, data: await categoryCounts(db, tenantOf(req).id) }),
  );

  const byCategory = {
    schema: {
      tags: ['coupons'],
      summary: 'Coupons of a category (active first)',
      querystring: {
        type: 'object',
        required: ['category'],
        properties: { category, ...pagingQuery, ...offerQueryProperties },
      },
      response: responses(OfferPage),
    },
  };
  const byCategoryHandler = (req: FastifyRequest<{ Querystring: Q }>) =>
    page(app, db, tenantOf(req).id, { category: req.query.category }, 'active-first', req.query);
  app.get<{ Querystring: Q }>(couponsByCategoryPath, byCategory, byCategoryHandler);
  app.get<{ Querystring: Q }>('/api/end-user/coupon/coupons-by-category', byCategory, byCategoryHandler);
}

/** The tenant's coupons: recommended first (home deal grids) and newest first (latest deals, all deals). */
function registerCouponFeeds(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: Q }>(
    recommendedCouponsPath,
    {
      schema: {
        tags: ['coupons'],
        summary: "The tenant's coupons, recommended first (home deal grids)",
        querystring: { type: 'object', properties: { resolution, recommended: { type: 'boolean' }, ...pagingQuery } },
        response: responses(CouponPage),
      },
    },
    // No filters here; the CouponPage answer leaves offer_counts out.
    (req) => page(app, db, tenantOf(req).id, { recommendedOnly: req.query.recommended }, 'recommended', req.query),
  );

  app.get<{ Querystring: Q }>(
    latestCouponsPath,
    {
      schema: {
        tags: ['coupons'],
        summary: "The tenant's coupons, newest first (latest deals, all deals)",
        querystring: {
          type: 'object',
          properties: { category, store_id: idParam, ...pagingQuery, ...offerQueryProperties },
        },
        response: responses(OfferPage),
      },
    },
    (req) =>
      page(
        app,
        db,
        tenantOf(req).id,
        { category: req.query.category, storeId: req.query.store_id },
        'newest',
        req.query,
      ),
  );
}

function registerStoreCoupons(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: Q }>(
    '/api/end-user/coupon/coupons-by-storeid',
    {
      schema: {
        tags: ['coupons'],
        summary: "A store's coupons, active before expired (store_id or storeId)",
        querystring: {
          type: 'object',
          properties: { store_id: idParam, storeId: idParam, ...pagingQuery, ...offerQueryProperties },
        },
        response: responses(OfferPage),
      },
    },
    (req) => {
      const storeId = req.query.store_id ?? req.query.storeId;
      if (!storeId) throw new ApiError(400, 'querystring must have property store_id');
      return page(app, db, tenantOf(req).id, { storeId, includeInactiveStores: true }, 'active-first', req.query);
    },
  );
}

function registerCouponSearch(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: Q }>(
    searchCouponsPath,
    {
      schema: {
        tags: ['coupons'],
        summary: 'Search coupons by name (case-insensitive substring; `search` or `name`)',
        querystring: {
          type: 'object',
          properties: {
            search: textParam(100),
            name: textParam(100),
            resolution,
            ...pagingQuery,
            ...offerQueryProperties,
          },
        },
        response: responses(CouponSearchPage),
      },
    },
    async (req) => {
      const q = req.query;
      const offers = offerListing(q, 'active-first');
      const { coupons, total, counts } = await listCoupons(
        db,
        tenantOf(req).id,
        { search: (q.search ?? q.name ?? '').trim(), ...offers.filter },
        offers.order,
        q,
        offers.options,
      );
      return {
        success: true,
        data: coupons,
        totalRecords: total,
        total_pages: totalPages(total, q.per_page),
        per_page: q.per_page,
        page: q.page,
        offer_counts: counts,
      };
    },
  );
}
