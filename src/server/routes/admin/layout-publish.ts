import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LayoutDocumentParams,
  PublishAnswer,
  PublishRefused,
  PublishRequest,
  RollbackRequest,
} from '../../../shared/contract/layout-studio';
import { editorMayPublish } from '../../../shared/layout/publish-reach';
import { responses } from '../../api-schemas/common';
import { tenantLayoutChoices } from '../../db/repositories/domains';
import type { PublishBy, PublishOutcome } from '../../layouts/studio';
import { ApiError } from '../../lib/api-error';
import { operatorOf, type Operator } from './guard';
import { audited, pathOf, SECURITY, TAGS, type StudioContext } from './layout-studio';

// Issue 29: publishing a document, and rolling back to an earlier version, from the layout studio. Each checks the
// whole set again in the transaction that writes it (422 with every problem), answers once this instance serves the
// new version, and tells the other instances on the bus (decision 037).

export const FILES_MODE =
  'This server serves layouts from files (LAYOUTS_SOURCE=files): a publication would go to the database, which it ' +
  'does not read. Drafts, checks and previews work; to publish, export the draft to layouts/ and deploy it, or run ' +
  'the server with LAYOUTS_SOURCE=db.';
export const NOT_YOUR_TENANTS = 'Only an admin may publish a layout other tenants use.';

/** Who publishes, and the reach rule that applies to them: an admin any change, an editor only their tenants'. */
async function publisher(ctx: StudioContext, op: Operator, note: string | undefined): Promise<PublishBy> {
  if (op.tenants === 'all') return { author: op.email, note, allowed: () => true };
  const granted = op.tenants;
  const choices = await tenantLayoutChoices(ctx.db);
  const hosts = new Set(choices.filter((c) => granted.has(c.id)).flatMap((c) => c.hosts));
  return {
    author: op.email,
    note,
    allowed: (touched) =>
      editorMayPublish(
        touched.flatMap((d) => [d.before, d.after]),
        hosts,
      ),
  };
}

/** A refused publication's answer: 422 with every problem, 403, 404 or 409. */
function refusal(reply: FastifyReply, outcome: Exclude<PublishOutcome, { refused: null }>, version?: number) {
  switch (outcome.refused) {
    case 'problems': {
      const n = outcome.problems.length;
      const message = `${n} problem${n === 1 ? '' : 's'}: nothing published.`;
      return reply.code(422).send({ success: false, message, problems: outcome.problems } satisfies PublishRefused);
    }
    case 'reach':
      throw new ApiError(403, NOT_YOUR_TENANTS);
    case 'no-version':
      throw new ApiError(404, `No layout version ${version ?? ''} is recorded.`);
    case 'files':
      throw new ApiError(409, FILES_MODE);
  }
}

export async function adminLayoutPublishRoutes(app: FastifyInstance, ctx: StudioContext): Promise<void> {
  const { studio } = ctx;
  /** This instance serves the new version before answering; the others reload on the notice (or their poll). */
  const announce = async (version: number): Promise<void> => {
    await ctx.layouts.reload();
    ctx.bus?.publish('layouts', String(version));
  };
  const refuseFilesMode = (req: FastifyRequest): Operator => {
    const op = operatorOf(req);
    if (studio.source !== 'db') throw new ApiError(409, FILES_MODE);
    return op;
  };

  app.post<{ Params: LayoutDocumentParams; Body: PublishRequest }>(
    '/layouts/:kind/:file/publish',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Publish a text as this document: the whole set is checked (422 with every problem), written as a new version ' +
          "and served on every instance; its draft goes. An editor only for documents aimed at their tenants' hosts; " +
          '409 when the server serves LAYOUTS_DIR',
        params: LayoutDocumentParams,
        body: PublishRequest,
        response: { ...responses(PublishAnswer), 422: PublishRefused },
      },
    },
    async (req, reply) => {
      const op = refuseFilesMode(req);
      const docPath = pathOf(req.params);
      const by = await publisher(ctx, op, req.body.note);
      const outcome = await audited<PublishOutcome>(ctx, op, async (tx) => {
        const out = await studio.publish(tx, { path: docPath, body: req.body.body }, by);
        if (out.refused !== null) return { result: out, audit: null };
        const after = { path: docPath, version: out.version, note: req.body.note ?? '' };
        return { result: out, audit: layoutAudit('layout', docPath, after) };
      });
      if (outcome.refused !== null) return refusal(reply, outcome);
      await announce(outcome.version);
      return {
        success: true,
        message: `${docPath} published as version ${outcome.version}.`,
        data: { version: outcome.version },
      };
    },
  );

  app.post<{ Body: RollbackRequest }>(
    '/layouts/rollback',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Publish the whole set of an earlier version again, as a new version (checked again; 404 for a version not ' +
          'recorded). An editor only when every document it changes is aimed at their tenants',
        body: RollbackRequest,
        response: { ...responses(PublishAnswer), 422: PublishRefused },
      },
    },
    async (req, reply) => {
      const op = refuseFilesMode(req);
      const { version, note } = req.body;
      const by = await publisher(ctx, op, note);
      const outcome = await audited<PublishOutcome>(ctx, op, async (tx) => {
        const out = await studio.rollback(tx, version, by);
        if (out.refused !== null) return { result: out, audit: null };
        const after = { version: out.version, restored: version, changed: out.touched, note: note ?? '' };
        return { result: out, audit: layoutAudit('layouts', String(version), after) };
      });
      if (outcome.refused !== null) return refusal(reply, outcome, version);
      await announce(outcome.version);
      return {
        success: true,
        message: `Version ${version} restored as version ${outcome.version}.`,
        data: { version: outcome.version },
      };
    },
  );
}

function layoutAudit(entity: 'layout' | 'layouts', entityId: string, after: object) {
  return { action: 'update' as const, entity, entityId, domainId: null, before: null, after };
}
