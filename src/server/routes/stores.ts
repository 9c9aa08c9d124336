import type { FastifyInstance } from 'fastify';
import { pagingQuery, responses, textParam, totalPages } from '../api-schemas/common';
import type { Store, TopVisitedStore } from '../../shared/contract/entities';
import { QueryInteger } from '../../shared/contract/schema-kit';
import {
  StoreList,
  StorePage,
  StoreSearchPage,
  TopVisitedList,
  type PagingQuery,
} from '../../shared/contract/envelopes';
import type { Db } from '../db/connect';
import { listStores, type StoreFilter, type StoreOrder } from '../db/repositories/stores';
import { tenantOf } from '../plugins/tenancy';
import {
  activeStoresPath,
  latestStoresPath,
  publishedStoresPath,
  searchStoresPath,
  storesByNamePath,
  topVisitedStoresPath,
} from '../../shared/contract/queries/index';

// Store lists of SPEC §7: all / active / search / by name, newly added and most visited.
const storePage = StorePage;
const limitQuery = {
  type: 'object',
  properties: { limit: QueryInteger({ minimum: 1, maximum: 100, default: 24 }) },
} as const;

type Q = PagingQuery & { search?: string; name?: string };

export const topVisitedEntry = (s: Store): TopVisitedStore => ({
  _id: s._id,
  name: s.name,
  slug: s.slug,
  image: s.image,
  visit_count: s.visit_count,
  store_details: { _id: s._id, name: s.name, slug: s.slug, image: s.image },
});

export async function storeRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  registerStoresByName(app, db);
  registerStoreSearch(app, db);
  registerStoreHighlights(app, db);
}

async function paged(db: Db, domainId: string, filter: StoreFilter, order: StoreOrder, q: PagingQuery) {
  const { stores, total } = await listStores(db, domainId, filter, order, q);
  return { stores, total, total_pages: totalPages(total, q.per_page) };
}

/** The answer of the lists ordered by name: a page of stores with its totals. */
function namePage(r: Awaited<ReturnType<typeof paged>>, q: PagingQuery) {
  return {
    success: true,
    data: r.stores,
    total_records: r.total,
    total_pages: r.total_pages,
    page: q.page,
    per_page: q.per_page,
  };
}

/** The lists ordered by name: every published store, the active ones, the active ones whose name matches. */
function registerStoresByName(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: Q }>(
    publishedStoresPath,
    {
      schema: {
        tags: ['stores'],
        summary: 'Stores the tenant publishes (with is_archived/is_paused), by name',
        querystring: { type: 'object', properties: { ...pagingQuery } },
        response: responses(storePage),
      },
    },
    async (req) => {
      const r = await paged(db, tenantOf(req).id, {}, 'name', req.query);
      return namePage(r, req.query);
    },
  );

  app.get<{ Querystring: Q }>(
    activeStoresPath,
    {
      schema: {
        tags: ['stores'],
        summary: 'Published stores that are neither archived nor paused, by name',
        querystring: { type: 'object', properties: { ...pagingQuery } },
        response: responses(storePage),
      },
    },
    async (req) => {
      const r = await paged(db, tenantOf(req).id, { activeOnly: true }, 'name', req.query);
      return namePage(r, req.query);
    },
  );

  app.get<{ Querystring: Q }>(
    storesByNamePath,
    {
      schema: {
        tags: ['stores'],
        summary: 'Active stores whose name contains `name` (case-insensitive), by name',
        querystring: { type: 'object', required: ['name'], properties: { name: textParam(100), ...pagingQuery } },
        response: responses(storePage),
      },
    },
    async (req) => {
      const r = await paged(
        db,
        tenantOf(req).id,
        { activeOnly: true, search: req.query.name?.trim() },
        'name',
        req.query,
      );
      return namePage(r, req.query);
    },
  );
}

function registerStoreSearch(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: Q }>(
    searchStoresPath,
    {
      schema: {
        tags: ['stores'],
        summary: 'Search active stores by name (`search` or `name`)',
        querystring: { type: 'object', properties: { search: textParam(100), name: textParam(100), ...pagingQuery } },
        response: responses(StoreSearchPage),
      },
    },
    async (req) => {
      const q = req.query;
      const r = await paged(
        db,
        tenantOf(req).id,
        { activeOnly: true, search: (q.search ?? q.name ?? '').trim() },
        'visits',
        q,
      );
      return {
        success: true,
        data: r.stores,
        totalRecords: r.total,
        total_pages: r.total_pages,
        per_page: q.per_page,
        page: q.page,
      };
    },
  );
}

/** The home page's short lists: the newest active stores and the most visited ones. */
function registerStoreHighlights(app: FastifyInstance, db: Db): void {
  app.get<{ Querystring: { limit: number } }>(
    latestStoresPath,
    {
      schema: {
        tags: ['stores'],
        summary: 'Newly added active stores, newest first',
        querystring: limitQuery,
        response: responses(StoreList),
      },
    },
    async (req) => {
      const r = await listStores(db, tenantOf(req).id, { activeOnly: true }, 'newest', {
        page: 1,
        per_page: req.query.limit,
      });
      return { success: true, data: r.stores };
    },
  );

  app.get<{ Querystring: { limit: number } }>(
    topVisitedStoresPath,
    {
      schema: {
        tags: ['stores'],
        summary: 'Most visited active stores; entries carry store_details {slug, image}',
        querystring: limitQuery,
        response: responses(TopVisitedList),
      },
    },
    async (req) => {
      const r = await listStores(db, tenantOf(req).id, { activeOnly: true }, 'visits', {
        page: 1,
        per_page: req.query.limit,
      });
      return { success: true, data: r.stores.map(topVisitedEntry) };
    },
  );
}
