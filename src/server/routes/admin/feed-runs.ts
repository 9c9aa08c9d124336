import type { FastifyInstance } from 'fastify';
import { MessageAnswer } from '../../../shared/contract/envelopes';
import {
  AdvertiserMappings,
  FeedAdvertisersAnswer,
  FeedParams,
  FeedRunAnswer,
  FeedRunParams,
  FeedRunRequest,
  FeedRunsAnswer,
  PreferredFeed,
} from '../../../shared/contract/feeds';
import { responses } from '../../api-schemas/common';
import {
  couponsOfStoreSources,
  feedAdvertisers,
  feedRun,
  feedRuns,
  mapAdvertisers,
  setPreferredFeed,
} from '../../db/repositories/feeds';
import { queueRun, RunRefused } from '../../feeds/runs';
import { applySources } from '../../feeds/sync';
import { ApiError } from '../../lib/api-error';
import { invalidate, type AdminContext } from './context';
import { requireAdmin } from './guard';
import { audit, recordOf, security, TAGS, type FeedRouteDeps } from './feed-shared';

// Issue 30: a feed's advertisers and their stores, its runs, and the store's preferred network (docs/feeds.md).

export function advertiserRoutes(app: FastifyInstance, ctx: AdminContext): void {
  app.get<{ Params: FeedParams }>(
    '/feeds/:id/advertisers',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "The feed's advertisers, unmapped first, each with a store suggested by site or name (admin)",
        params: FeedParams,
        response: responses(FeedAdvertisersAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const feed = await recordOf(ctx, req.params.id);
      return { success: true as const, data: await feedAdvertisers(ctx.db, feed.id) };
    },
  );

  app.post<{ Params: FeedParams; Body: AdvertiserMappings }>(
    '/feeds/:id/advertisers',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "Confirm advertisers' stores (store_id null: unmapped; its offers are held back) (admin)",
        params: FeedParams,
        body: AdvertiserMappings,
        response: responses(FeedAdvertisersAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const feed = await recordOf(ctx, req.params.id);
      const { unknownAdvertisers, unknownStores } = await mapAdvertisers(ctx.db, feed.id, req.body.mappings);
      if (unknownAdvertisers.length)
        throw new ApiError(400, `This feed has no advertiser ${unknownAdvertisers.slice(0, 3).join(', ')}.`);
      if (unknownStores.length) throw new ApiError(400, `No such store: ${unknownStores.slice(0, 3).join(', ')}.`);
      await audit(ctx, req, {
        action: 'update',
        entity: 'feed-advertisers',
        entityId: String(feed.id),
        before: null,
        after: req.body,
      });
      return {
        success: true as const,
        message: 'Advertisers mapped; the next sync brings their offers.',
        data: await feedAdvertisers(ctx.db, feed.id),
      };
    },
  );
}

export function runRoutes(app: FastifyInstance, ctx: AdminContext, deps: FeedRouteDeps): void {
  app.post<{ Params: FeedParams; Body: FeedRunRequest }>(
    '/feeds/:id/runs',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          'Queue a run: a sync, or a dry run that reports the diff and writes nothing; 202, then poll the run (admin)',
        params: FeedParams,
        body: FeedRunRequest,
        response: { ...responses(FeedRunAnswer), 202: FeedRunAnswer },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const feed = await recordOf(ctx, req.params.id);
      let run;
      try {
        run = await queueRun(ctx.db, feed.id, req.body.dry_run, 'console');
      } catch (err) {
        if (err instanceof RunRefused) throw new ApiError(409, err.message);
        throw err;
      }
      await deps.dispatch.dispatch(run);
      await audit(ctx, req, {
        action: 'import',
        entity: req.body.dry_run ? 'feed-dry-run' : 'feed-run',
        entityId: String(feed.id),
        before: null,
        after: { run: run.id },
      });
      return reply.code(202).send({
        success: true,
        message: req.body.dry_run ? 'Dry run queued.' : 'Sync queued.',
        data: run,
      });
    },
  );

  app.get<{ Params: FeedParams }>(
    '/feeds/:id/runs',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "The feed's last 20 runs with their diffs (admin)",
        params: FeedParams,
        response: responses(FeedRunsAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const feed = await recordOf(ctx, req.params.id);
      return { success: true as const, data: await feedRuns(ctx.db, feed.id) };
    },
  );

  app.get<{ Params: FeedRunParams }>(
    '/feeds/:id/runs/:run',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'One run: its status, counts and samples (admin)',
        params: FeedRunParams,
        response: responses(FeedRunAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const run = await feedRun(ctx.db, req.params.run);
      if (!run || run.feed_id !== req.params.id) throw new ApiError(404, 'No such run of this feed.');
      return { success: true as const, data: run };
    },
  );
}

export function preferenceRoute(app: FastifyInstance, ctx: AdminContext): void {
  app.post<{ Body: PreferredFeed }>(
    '/feeds/preferred',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "Which network's tracking link a store's coupons use when two networks carry the same code (admin)",
        body: PreferredFeed,
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const { store_id, feed_id } = req.body;
      const store = await ctx.db.query('SELECT 1 FROM stores WHERE id = $1', [store_id]);
      if (!store.length) throw new ApiError(404, 'No such store.');
      if (feed_id !== null) await recordOf(ctx, feed_id);
      await ctx.db.transaction(async (tx) => {
        await setPreferredFeed(tx, store_id, feed_id);
        await applySources(tx, await couponsOfStoreSources(tx, store_id));
      });
      invalidate(ctx.cache, { stores: [store_id] });
      await audit(ctx, req, {
        action: 'update',
        entity: 'store-preferred-feed',
        entityId: store_id,
        before: null,
        after: { feed_id },
      });
      return {
        success: true,
        message:
          feed_id === null
            ? "The store's coupons use the first network's links."
            : "The store's coupons use this network's links.",
      };
    },
  );
}
