import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MessageAnswer } from '../../../shared/contract/envelopes';
import {
  FEED_FORMAT_NAMES,
  FeedAnswer,
  FeedCreate,
  FeedListAnswer,
  FeedParams,
  FeedUpdate,
  type FeedCredentials,
} from '../../../shared/contract/feeds';
import { httpUrl } from '../../../shared/rules/http-url';
import { responses } from '../../api-schemas/common';
import {
  deleteFeedRecord,
  dropFeedFile,
  insertFeed,
  listFeeds,
  dropStagedParts,
  stageFeedPart,
  useStagedParts,
  updateFeedRecord,
  type FeedRecord,
  type FeedWrite,
} from '../../db/repositories/feeds';
import { ApiError } from '../../lib/api-error';
import { answerEarly } from './answer-early';
import { type AdminContext } from './context';
import { requireAdmin } from './guard';
import { audit, recordOf, security, TAGS, viewOf, type FeedRouteDeps } from './feed-shared';
import { advertiserRoutes, preferenceRoute, runRoutes } from './feed-runs';

// Issue 30: the console's Feeds tab (docs/feeds.md). Admin only: a feed writes coupons for every store it maps, on
// the tenants it feeds. Credentials are sealed before they are stored and never sent back; an uploaded file is kept
// in 1 MB parts (≤ FEED_FILE_MAX_BYTES), read as it arrives.
export const FEED_FILE_MAX_BYTES = 200 * 1024 * 1024;
const PART_BYTES = 1024 * 1024;

function checkCredentials(c: FeedCredentials): void {
  const secret = c.secret?.trim() ?? '';
  const name = c.name?.trim() ?? '';
  if (c.auth === 'none') return;
  if (!secret) throw new ApiError(400, `Give the ${c.auth === 'basic' ? 'password (Auth Token)' : 'token or secret'}.`);
  if ((c.auth === 'basic' || c.auth === 'query') && !name)
    throw new ApiError(
      400,
      c.auth === 'basic' ? 'Give the user name (Account SID).' : "Give the query parameter's name.",
    );
  if (c.auth === 'query' && !/^[A-Za-z0-9_.~-]{1,100}$/.test(name))
    throw new ApiError(400, 'The query parameter name may hold letters, digits and _ . ~ - only.');
}

async function checkFeed(ctx: AdminContext, f: FeedWrite): Promise<void> {
  if (f.url !== null && !httpUrl(f.url)) throw new ApiError(400, 'The feed URL must be an absolute http(s) URL.');
  const tenants = await ctx.db.query<{ id: string }>('SELECT id FROM domains WHERE id = ANY($1::text[])', [
    [...f.tenants],
  ]);
  const unknown = f.tenants.filter((t) => !tenants.some((r) => r.id === t));
  if (unknown.length) throw new ApiError(400, `No such tenant: ${unknown.slice(0, 3).join(', ')}.`);
  const category = await ctx.db.query('SELECT 1 FROM categories WHERE name = $1', [f.category]);
  if (!category.length) throw new ApiError(400, `No such category: "${f.category}".`);
}

/** What the audit keeps of a feed: never its credentials, sealed or not. */ const audited = (
  f: FeedWrite | FeedRecord,
) => ({
  name: f.name,
  format: f.format,
  url: f.url,
  auth: f.auth,
  tenants: f.tenants,
  category: f.category,
  every_hours: f.every_hours,
  enabled: f.enabled,
});
export { type FeedRouteDeps } from './feed-shared';

export async function adminFeedRoutes(app: FastifyInstance, ctx: AdminContext, deps: FeedRouteDeps): Promise<void> {
  const seal = (c: FeedCredentials | undefined) => (c && c.auth !== 'none' ? deps.box.seal(JSON.stringify(c)) : null);
  listAndCreateRoutes(app, ctx, seal);
  updateAndDeleteRoutes(app, ctx, seal);
  await fileRoute(app, ctx);
  advertiserRoutes(app, ctx);
  runRoutes(app, ctx, deps);
  preferenceRoute(app, ctx);
}

type Seal = (c: FeedCredentials | undefined) => string | null;

function listAndCreateRoutes(app: FastifyInstance, ctx: AdminContext, seal: Seal): void {
  app.get(
    '/feeds',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "The affiliate networks' feeds, with their last run (admin)",
        response: responses(FeedListAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await listFeeds(ctx.db) };
    },
  );

  app.post<{ Body: FeedCreate }>(
    '/feeds',
    {
      schema: {
        tags: TAGS,
        security,
        summary: `Add a feed: ${Object.values(FEED_FORMAT_NAMES).join(', ')}; credentials are stored encrypted (admin)`,
        body: FeedCreate,
        response: { ...responses(FeedAnswer), 201: FeedAnswer },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const b = req.body;
      if (b.credentials) checkCredentials(b.credentials);
      const write: FeedWrite = {
        name: b.name.trim(),
        format: b.format,
        url: b.url?.trim() || null,
        auth: b.credentials?.auth ?? 'none',
        credentials: seal(b.credentials),
        tenants: [...new Set(b.tenants)],
        category: b.category,
        every_hours: b.every_hours ?? 6,
        enabled: b.enabled ?? true,
      };
      await checkFeed(ctx, write);
      const id = await insertFeed(ctx.db, write);
      await audit(ctx, req, { action: 'create', entityId: String(id), before: null, after: audited(write) });
      return reply.code(201).send({ success: true, message: 'Feed added.', data: await viewOf(ctx, id) });
    },
  );
}

function updateAndDeleteRoutes(app: FastifyInstance, ctx: AdminContext, seal: Seal): void {
  app.patch<{ Params: FeedParams; Body: FeedUpdate }>(
    '/feeds/:id',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Change a feed; credentials left out are kept, { auth: "none" } clears them (admin)',
        params: FeedParams,
        body: FeedUpdate,
        response: responses(FeedAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const before = await recordOf(ctx, req.params.id);
      const b = req.body;
      if (b.credentials) checkCredentials(b.credentials);
      const write: FeedWrite = {
        name: b.name?.trim() ?? before.name,
        format: b.format ?? before.format,
        url: b.url === undefined ? before.url : b.url?.trim() || null,
        auth: b.credentials?.auth ?? before.auth,
        credentials: b.credentials ? seal(b.credentials) : before.credentials,
        tenants: b.tenants ? [...new Set(b.tenants)] : before.tenants,
        category: b.category ?? before.category,
        every_hours: b.every_hours ?? before.every_hours,
        enabled: b.enabled ?? before.enabled,
      };
      await checkFeed(ctx, write);
      await updateFeedRecord(ctx.db, before.id, write);
      // A URL given replaces an uploaded file.
      if (write.url) await dropFeedFile(ctx.db, before.id);
      await audit(ctx, req, {
        action: 'update',
        entityId: String(before.id),
        before: audited(before),
        after: { ...audited(write), credentials_changed: Boolean(b.credentials) },
      });
      return { success: true as const, message: 'Feed saved.', data: await viewOf(ctx, before.id) };
    },
  );

  app.delete<{ Params: FeedParams }>(
    '/feeds/:id',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Remove a feed and its sources; its coupons stay, with their votes and history (admin)',
        params: FeedParams,
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const before = await recordOf(ctx, req.params.id);
      await deleteFeedRecord(ctx.db, before.id);
      await audit(ctx, req, { action: 'delete', entityId: String(before.id), before: audited(before), after: null });
      return { success: true, message: 'Feed removed; its coupons stay.' };
    },
  );
}

async function fileRoute(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  await app.register(async (scope) => {
    // The route reads the file itself, part by part, up to its limit (a larger one is answered at once).
    scope.addContentTypeParser(
      ['application/octet-stream', 'application/gzip', 'application/x-gzip'],
      (_req, payload, done) => done(null, payload),
    );
    scope.post<{ Params: FeedParams }>(
      '/feeds/:id/file',
      {
        schema: {
          tags: TAGS,
          security,
          summary:
            'Upload the feed as a file (raw body, application/octet-stream, ≤ 200 MB; gzip allowed); it replaces the URL (admin)',
          params: FeedParams,
          response: { ...responses(FeedAnswer), 413: MessageAnswer },
        },
      },
      async (req, reply) => {
        requireAdmin(req);
        const feed = await recordOf(ctx, req.params.id);
        if (!(req.body instanceof Readable))
          throw new ApiError(415, 'Send the feed file as the raw body (Content-Type application/octet-stream).');
        const declared = Number(req.headers['content-length'] ?? 0);
        const tooLarge = `The file is larger than ${FEED_FILE_MAX_BYTES / 1024 / 1024} MB; give the feed's URL instead.`;
        if (declared > FEED_FILE_MAX_BYTES)
          return answerEarly(reply, req.body, FEED_FILE_MAX_BYTES)
            .code(413)
            .send({ success: false, message: tooLarge });
        // Parts are written as they arrive under a staging number and swapped in at the end, so memory holds one
        // part and a broken upload leaves the feed's previous file as it was.
        await dropStagedParts(ctx.db, feed.id);
        let part = 0;
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        let total = 0;
        const writePart = async (body: Buffer) => stageFeedPart(ctx.db, feed.id, part++, body);
        try {
          for await (const chunk of req.body as AsyncIterable<Buffer>) {
            total += chunk.length;
            if (total > FEED_FILE_MAX_BYTES) {
              await dropStagedParts(ctx.db, feed.id);
              return answerEarly(reply, req.body, FEED_FILE_MAX_BYTES)
                .code(413)
                .send({ success: false, message: tooLarge });
            }
            pending.push(chunk);
            pendingBytes += chunk.length;
            if (pendingBytes >= PART_BYTES) {
              const all = Buffer.concat(pending, pendingBytes);
              for (let at = 0; at + PART_BYTES <= all.length; at += PART_BYTES)
                await writePart(all.subarray(at, at + PART_BYTES));
              const rest = all.subarray(all.length - (all.length % PART_BYTES));
              pending = rest.length ? [rest] : [];
              pendingBytes = rest.length;
            }
          }
          if (pendingBytes > 0) await writePart(Buffer.concat(pending, pendingBytes));
        } catch (err) {
          await dropStagedParts(ctx.db, feed.id);
          if (req.body.errored || req.body.readableAborted)
            throw new ApiError(400, 'The upload was interrupted; the feed keeps its previous source.');
          throw err;
        }
        if (total === 0) throw new ApiError(400, 'The file is empty.');
        await ctx.db.transaction((tx) => useStagedParts(tx, feed.id));
        await audit(ctx, req, {
          action: 'update',
          entity: 'feed-file',
          entityId: String(feed.id),
          before: { url: feed.url },
          after: { file_bytes: total },
        });
        return { success: true as const, message: 'Feed file uploaded.', data: await viewOf(ctx, feed.id) };
      },
    );
  });
}
