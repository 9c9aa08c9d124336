import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MessageAnswer } from '../../../shared/contract/envelopes';
import {
  CommissionSourceAnswer,
  CommissionSourceCreate,
  CommissionSourceListAnswer,
  CommissionSourceParams,
  CommissionSourceUpdate,
  type CommissionSource,
} from '../../../shared/contract/commission-sources';
import type { FeedCredentials } from '../../../shared/contract/feeds';
import { CommissionImportAnswer, REPORT_FORMAT_NAMES } from '../../../shared/contract/revenue';
import { httpUrl } from '../../../shared/rules/http-url';
import { responses } from '../../api-schemas/common';
import { recordAudit, type AuditRecord } from '../../db/repositories/admin-audit';
import {
  deleteSource,
  insertSource,
  listSources,
  sourceRecord,
  updateSource,
  type SourceRecord,
  type SourceWrite,
} from '../../db/repositories/commission-sources';
import { runSource, type SourceServices } from '../../feeds/commission-source-run';
import { ApiError } from '../../lib/api-error';
import type { AdminContext } from './context';
import { requireAdmin } from './guard';

// Issue 31, item 2 (docs/revenue.md "Scheduled sources"): the networks' report URLs, fetched on a schedule or at once
// ("Import now"). Admins only, like the file import: a report moves money in every tenant's figures. Credentials are
// sealed before they are stored (the feeds' FEED_SECRET_KEY box) and never sent back, nor kept in the audit.

const TAGS = ['admin: revenue'];
const security = [{ bearer: [] }];

/** The fetcher's rules, said at once rather than at the first run (fetch-feed.ts applies them again). */
function checkSource(w: SourceWrite, c: FeedCredentials | undefined): void {
  const url = httpUrl(w.url);
  if (!url) throw new ApiError(400, 'The report URL must be an absolute http(s) URL.');
  const parsed = new URL(url);
  if (parsed.username || parsed.password)
    throw new ApiError(400, 'The report URL must not carry a user name or password: give them as credentials.');
  if (!c || c.auth === 'none') return;
  if (!c.secret?.trim()) throw new ApiError(400, c.auth === 'basic' ? 'Give the password.' : 'Give the token.');
  if ((c.auth === 'basic' || c.auth === 'query') && !c.name?.trim())
    throw new ApiError(400, c.auth === 'basic' ? 'Give the user name.' : "Give the query parameter's name.");
}

const audited = (s: SourceWrite) => ({
  name: s.name,
  format: s.format,
  url: s.url,
  auth: s.auth,
  every_hours: s.every_hours,
  enabled: s.enabled,
});

async function audit(
  ctx: AdminContext,
  req: FastifyRequest,
  a: Pick<AuditRecord, 'action' | 'entityId' | 'before' | 'after'>,
): Promise<void> {
  const op = requireAdmin(req);
  await recordAudit(ctx.db, {
    entity: 'commission_source',
    ...a,
    domainId: null,
    userId: op.id,
    userEmail: op.email,
  });
}

async function viewOf(ctx: AdminContext, id: number): Promise<CommissionSource> {
  const [source] = await listSources(ctx.db, id);
  if (!source) throw new ApiError(404, 'No such report source.');
  return source;
}

async function recordOf(ctx: AdminContext, id: number): Promise<SourceRecord> {
  const source = await sourceRecord(ctx.db, id);
  if (!source) throw new ApiError(404, 'No such report source.');
  return source;
}

type Seal = (c: FeedCredentials | undefined) => string | null;

export async function adminCommissionSourceRoutes(
  app: FastifyInstance,
  ctx: AdminContext,
  services: SourceServices,
): Promise<void> {
  const seal: Seal = (c) => (c && c.auth !== 'none' ? services.box.seal(JSON.stringify(c)) : null);
  listAndCreateRoutes(app, ctx, seal);
  updateAndDeleteRoutes(app, ctx, seal);
  importNowRoute(app, ctx, services);
}

function listAndCreateRoutes(app: FastifyInstance, ctx: AdminContext, seal: Seal): void {
  app.get(
    '/revenue/sources',
    {
      schema: {
        tags: TAGS,
        security,
        summary: "The networks' report URLs imported on a schedule, with their last import or error (admin)",
        response: responses(CommissionSourceListAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await listSources(ctx.db) };
    },
  );
  app.post<{ Body: CommissionSourceCreate }>(
    '/revenue/sources',
    {
      schema: {
        tags: TAGS,
        security,
        summary: `Add a report source: ${Object.values(REPORT_FORMAT_NAMES).join(', ')}; credentials are stored encrypted (admin)`,
        body: CommissionSourceCreate,
        response: { ...responses(CommissionSourceAnswer), 201: CommissionSourceAnswer },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const b = req.body;
      const write: SourceWrite = {
        name: b.name.trim(),
        format: b.format,
        url: b.url.trim(),
        auth: b.credentials?.auth ?? 'none',
        credentials: null,
        every_hours: b.every_hours ?? 24,
        enabled: b.enabled ?? true,
      };
      checkSource(write, b.credentials);
      write.credentials = seal(b.credentials);
      const id = await insertSource(ctx.db, write);
      await audit(ctx, req, { action: 'create', entityId: String(id), before: null, after: audited(write) });
      return reply.code(201).send({ success: true, message: 'Report source added.', data: await viewOf(ctx, id) });
    },
  );
}

function updateAndDeleteRoutes(app: FastifyInstance, ctx: AdminContext, seal: Seal): void {
  app.patch<{ Params: CommissionSourceParams; Body: CommissionSourceUpdate }>(
    '/revenue/sources/:id',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Change a report source; credentials left out are kept, { auth: "none" } clears them (admin)',
        params: CommissionSourceParams,
        body: CommissionSourceUpdate,
        response: responses(CommissionSourceAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const before = await recordOf(ctx, req.params.id);
      const b = req.body;
      const write: SourceWrite = {
        name: b.name?.trim() ?? before.name,
        format: b.format ?? before.format,
        url: b.url?.trim() ?? before.url,
        auth: b.credentials?.auth ?? before.auth,
        credentials: before.credentials,
        every_hours: b.every_hours ?? before.every_hours,
        enabled: b.enabled ?? before.enabled,
      };
      checkSource(write, b.credentials);
      if (b.credentials) write.credentials = seal(b.credentials);
      await updateSource(ctx.db, before.id, write);
      await audit(ctx, req, {
        action: 'update',
        entityId: String(before.id),
        before: audited(before),
        after: { ...audited(write), credentials_changed: Boolean(b.credentials) },
      });
      return { success: true as const, message: 'Report source saved.', data: await viewOf(ctx, before.id) };
    },
  );
  app.delete<{ Params: CommissionSourceParams }>(
    '/revenue/sources/:id',
    {
      schema: {
        tags: TAGS,
        security,
        summary: 'Remove a report source; the transactions it imported stay (admin)',
        params: CommissionSourceParams,
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      const before = await recordOf(ctx, req.params.id);
      await deleteSource(ctx.db, before.id);
      await audit(ctx, req, { action: 'delete', entityId: String(before.id), before: audited(before), after: null });
      return { success: true, message: 'Report source removed; the transactions it imported stay.' };
    },
  );
}

function importNowRoute(app: FastifyInstance, ctx: AdminContext, services: SourceServices): void {
  app.post<{ Params: CommissionSourceParams }>(
    '/revenue/sources/:id/import',
    {
      schema: {
        tags: TAGS,
        security,
        summary:
          "Fetch a report source's URL now and import the report (nothing is counted twice); 502 when the URL cannot be read, 422 when its answer is not a report of the source's format (admin)",
        params: CommissionSourceParams,
        response: responses(CommissionImportAnswer),
      },
    },
    async (req, reply) => {
      const op = requireAdmin(req);
      const source = await recordOf(ctx, req.params.id);
      const result = await runSource(services, source.id);
      if (!result) throw new ApiError(404, 'No such report source.');
      if (!result.ok)
        return reply.code(result.kind === 'fetch' ? 502 : 422).send({ success: false, message: result.error });
      await recordAudit(ctx.db, {
        userId: op.id,
        userEmail: op.email,
        action: 'import',
        entity: 'commission_import',
        entityId: String(result.summary.id),
        domainId: null,
        before: null,
        after: { source_id: source.id, format: source.format, added: result.summary.added },
      });
      return { success: true as const, message: result.message, data: result.summary };
    },
  );
}
