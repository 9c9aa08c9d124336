import type { FastifyRequest } from 'fastify';
import type { Feed } from '../../../shared/contract/feeds';
import { recordAudit, type AuditRecord } from '../../db/repositories/admin-audit';
import { feedRecord, listFeeds, type FeedRecord } from '../../db/repositories/feeds';
import type { FeedDispatch } from '../../feeds/jobs';
import { ApiError } from '../../lib/api-error';
import type { AdminContext } from './context';
import { requireAdmin } from './guard';

// Issue 30: what the feed routes (feeds.ts, feed-runs.ts) share.

export interface FeedRouteDeps {
  dispatch: FeedDispatch;
  box: { seal(plain: string): string };
}

export const TAGS = ['admin: feeds'];
export const security = [{ bearer: [] }];

export async function viewOf(ctx: AdminContext, id: number): Promise<Feed> {
  const [feed] = await listFeeds(ctx.db, id);
  if (!feed) throw new ApiError(404, 'No such feed.');
  return feed;
}

export async function recordOf(ctx: AdminContext, id: number): Promise<FeedRecord> {
  const feed = await feedRecord(ctx.db, id);
  if (!feed) throw new ApiError(404, 'No such feed.');
  return feed;
}

export async function audit(
  ctx: AdminContext,
  req: FastifyRequest,
  a: Pick<AuditRecord, 'action' | 'entityId' | 'before' | 'after'> & { entity?: string },
): Promise<void> {
  const op = requireAdmin(req);
  await recordAudit(ctx.db, { entity: 'feed', ...a, domainId: null, userId: op.id, userEmail: op.email });
}
