import type { FastifyInstance } from 'fastify';
import { MessageAnswer } from '../../../shared/contract/envelopes';
import {
  DocumentAtVersionAnswer,
  DocumentAtVersionParams,
  DraftSave,
  DraftSaved,
  LayoutCheckAnswer,
  LayoutCheckRequest,
  LayoutDocumentParams,
  StudioDocumentAnswer,
  StudioOverview,
} from '../../../shared/contract/layout-studio';
import { responses } from '../../api-schemas/common';
import type { ClusterBus } from '../../cluster/bus';
import type { Queryable } from '../../db/connect';
import { recordAudit, type AuditRecord } from '../../db/repositories/admin-audit';
import type { LayoutStudio } from '../../layouts/studio';
import { ApiError } from '../../lib/api-error';
import type { AdminContext } from './context';
import { operatorOf, type Operator } from './guard';

// Issue 29, the layout studio (docs/decisions/037-layout-versions.md): any operator reads, drafts and checks; a
// publication or rollback is an admin's, or an editor's when everything it changes is aimed only at their tenants. A
// publication answers once this instance serves it; the bus tells the others.

export interface StudioContext extends AdminContext {
  studio: LayoutStudio;
  /** Tells the other instances to reload their layouts (absent: one instance, or they poll). */
  bus?: ClusterBus | undefined;
}

export const TAGS = ['admin: layouts'];
export const SECURITY = [{ bearer: [] }];
export const pathOf = (p: LayoutDocumentParams): string => `${p.kind}/${p.file}`;

/** Runs a write and its audit row in one transaction (who: the operator; what: the path or version). */
export async function audited<R>(
  ctx: StudioContext,
  op: Operator,
  run: (tx: Queryable) => Promise<{ result: R; audit: Omit<AuditRecord, 'userId' | 'userEmail'> | null }>,
): Promise<R> {
  return ctx.db.transaction(async (tx) => {
    const { result, audit } = await run(tx);
    if (audit) await recordAudit(tx, { ...audit, userId: op.id, userEmail: op.email });
    return result;
  });
}

/** The studio's reads and drafts (publications: layout-publish.ts). */
export async function adminLayoutStudioRoutes(app: FastifyInstance, ctx: StudioContext): Promise<void> {
  readRoutes(app, ctx.studio);
  draftRoutes(app, ctx);
}

function readRoutes(app: FastifyInstance, studio: LayoutStudio): void {
  app.get(
    '/layouts',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The layout studio: the documents (published and drafts), the version in force and the last 50',
        response: responses(StudioOverview),
      },
    },
    async (req) => {
      operatorOf(req);
      return { success: true, data: await studio.overview() };
    },
  );

  app.post<{ Body: LayoutCheckRequest }>(
    '/layouts/check',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "A text checked as one document of the set in force: every problem of the set, in layouts:check's words",
        body: LayoutCheckRequest,
        response: responses(LayoutCheckAnswer),
      },
    },
    async (req) => {
      operatorOf(req);
      return { success: true, data: { problems: await studio.check(req.body.path, req.body.body) } };
    },
  );

  app.get<{ Params: LayoutDocumentParams }>(
    '/layouts/:kind/:file',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'One document: its draft, its published text and the versions that changed it (newest first)',
        params: LayoutDocumentParams,
        response: responses(StudioDocumentAnswer),
      },
    },
    async (req) => {
      operatorOf(req);
      return { success: true, data: await studio.document(pathOf(req.params)) };
    },
  );

  app.get<{ Params: DocumentAtVersionParams }>(
    '/layouts/:kind/:file/versions/:version',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "A document's text at one version (null: not in that version's set); 404 for a version not recorded",
        params: DocumentAtVersionParams,
        response: responses(DocumentAtVersionAnswer),
      },
    },
    async (req) => {
      operatorOf(req);
      const { version } = req.params;
      const docPath = pathOf(req.params);
      const body = await studio.atVersion(docPath, version);
      if (body === undefined) throw new ApiError(404, `No layout version ${version} is recorded.`);
      return { success: true, data: { path: docPath, version, body } };
    },
  );
}

function draftRoutes(app: FastifyInstance, ctx: StudioContext): void {
  const { studio } = ctx;
  app.post<{ Params: LayoutDocumentParams; Body: DraftSave }>(
    '/layouts/:kind/:file/draft',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Save a draft (any text, broken JSON included); answers its problems within the set in force',
        params: LayoutDocumentParams,
        body: DraftSave,
        response: responses(DraftSaved),
      },
    },
    async (req) => {
      const op = operatorOf(req);
      const docPath = pathOf(req.params);
      // The console saves a draft half a second after each edit: the audit notes a draft when it starts or changes
      // hands (the draft row keeps who saved it last, and when), not every keystroke's save.
      const updatedAt = await audited(ctx, op, async (tx) => {
        const saved = await studio.saveDraft(tx, docPath, req.body.body, op.email);
        const noted = saved.previousAuthor !== op.email;
        return {
          result: saved.updatedAt,
          audit: noted ? draftAudit('update', docPath, { path: docPath, characters: req.body.body.length }) : null,
        };
      });
      const problems = await studio.check(docPath, req.body.body);
      return { success: true, data: { updated_at: updatedAt, problems } };
    },
  );

  app.delete<{ Params: LayoutDocumentParams }>(
    '/layouts/:kind/:file/draft',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "Discard a document's draft (404 when it has none)",
        params: LayoutDocumentParams,
        response: responses(MessageAnswer),
      },
    },
    async (req) => {
      const op = operatorOf(req);
      const docPath = pathOf(req.params);
      await audited(ctx, op, async (tx) => {
        if (!(await studio.discardDraft(tx, docPath))) throw new ApiError(404, `No draft of ${docPath}.`);
        return { result: null, audit: draftAudit('delete', docPath, null) };
      });
      return { success: true, message: 'Draft discarded.' };
    },
  );
}

function draftAudit(action: 'update' | 'delete', docPath: string, after: object | null) {
  return { action, entity: 'layout draft', entityId: docPath, domainId: null, before: null, after };
}
