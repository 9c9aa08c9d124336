import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParam, pagingQuery, responses, totalPages } from '../api-schemas/common';
import type { Store } from '../../shared/contract/entities';
import {
  StoreRatingAnswer,
  StoreWithCoupons,
  type OfferQuery,
  type PagingQuery,
} from '../../shared/contract/envelopes';
import { offerListing, offerQueryProperties } from './offer-query';
import { isObjectId } from '../../shared/rules/object-id';
import type { Db } from '../db/connect';
import { listCoupons } from '../db/repositories/coupons';
import { ratingAverage } from '../db/repositories/stores';
import { keptOfferCounts, keptRelatedStores, keptStore } from '../cache/kept-reads';
import { ApiError } from '../lib/api-error';
import { tenantOf } from '../plugins/tenancy';
import { storeBySlugPath, storeRatingPath } from '../../shared/contract/queries/index';

// The store page: one store with its coupons (active before expired, issue 13's filters and sort) and related
// stores; its rating. What every page of one store shares (its row, related stores, tab counts) is read once and kept
// beside the response cache (cache/kept-reads.ts): a page at a new address asks the database for its coupons alone.
const storeWithCoupons = StoreWithCoupons;
type Q = PagingQuery & OfferQuery;

const slugParam = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' } as const;

export async function storePageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  registerStoreWithCoupons(app, db);
  registerStoreRating(app, db);
}

/** The store page: the store (404 when none), a page of its coupons and its related stores. */
function registerStoreWithCoupons(app: FastifyInstance, db: Db): void {
  const answer = async (req: FastifyRequest, domainId: string, store: Store | null, q: Q) => {
    if (!store) throw new ApiError(404, 'Store not found.');
    app.responseCache.tagStore(req, store._id);
    const offers = offerListing(q, 'active-first');
    const { coupons, total, counts } = await listCoupons(
      db,
      domainId,
      { storeId: store._id, includeInactiveStores: true, ...offers.filter },
      offers.order,
      q,
      { ...offers.options, counts: keptOfferCounts(app.readMemo, domainId) },
    );
    const related = await keptRelatedStores(app.readMemo, db, domainId, store._id, 12);
    return {
      success: true,
      data: { store, coupons, related_stores: related },
      total_records: total,
      total_pages: totalPages(total, q.per_page),
      page: q.page,
      per_page: q.per_page,
      offer_counts: counts,
    };
  };

  app.get<{ Querystring: Q & { storeId: string } }>(
    '/api/end-user/store/getStoreByIdAndAllItsCoupons',
    {
      schema: {
        tags: ['stores'],
        summary: 'A store by _id with its coupons (paged) and related stores',
        querystring: {
          type: 'object',
          required: ['storeId'],
          properties: { storeId: idParam, ...pagingQuery, ...offerQueryProperties },
        },
        response: responses(storeWithCoupons),
      },
    },
    async (req) => {
      const domainId = tenantOf(req).id;
      return answer(req, domainId, await keptStore(app.readMemo, db, domainId, { id: req.query.storeId }), req.query);
    },
  );

  app.get<{ Querystring: Q & { slug: string } }>(
    storeBySlugPath,
    {
      schema: {
        tags: ['stores'],
        summary: 'The store page: a store by slug (or _id) with its coupons (paged) and related stores',
        querystring: {
          type: 'object',
          required: ['slug'],
          properties: { slug: slugParam, ...pagingQuery, ...offerQueryProperties },
        },
        response: responses(storeWithCoupons),
      },
    },
    async (req) => {
      const domainId = tenantOf(req).id;
      const { slug } = req.query;
      const byId = isObjectId(slug) ? await keptStore(app.readMemo, db, domainId, { id: slug }) : null;
      return answer(req, domainId, byId ?? (await keptStore(app.readMemo, db, domainId, { slug })), req.query);
    },
  );
}

function registerStoreRating(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { storeId: string } }>(
    storeRatingPath,
    {
      schema: {
        tags: ['stores'],
        summary: "A store's average rating (0-5) and number of ratings",
        querystring: { type: 'object', required: ['storeId'], properties: { storeId: idParam } },
        response: responses(StoreRatingAnswer),
      },
    },
    async (req) => {
      const store = await keptStore(app.readMemo, db, tenantOf(req).id, { id: req.query.storeId });
      if (!store) throw new ApiError(404, 'Store not found.');
      app.responseCache.tagStore(req, store._id);
      return { success: true, data: { store_id: store._id, ...(await ratingAverage(db, store._id)) } };
    },
  );
}
