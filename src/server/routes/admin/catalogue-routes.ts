import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { AdminAnswer, AdminPage } from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import type { Db, Queryable } from '../../db/connect';
import type { Paged } from '../../db/repositories/admin-catalogue';
import { created, MessageOnly, page, security } from './catalogue-shared';
import { auditedWrite, recordWrite, type Affected, type AdminContext } from './context';

// The catalogue's CRUD routes (stores, coupons, categories, banners) declared once: each entity hands in its contract
// schemas, its texts and its rules (catalogue-entities: stores.ts, coupons.ts, …), and this module registers
//   GET    <path>          a page of the list (the entity's own query schema: search, tenant, store…)
//   POST   <path>          create → 201 with the record
//   PATCH  <path>/:<key>   update → the record as it is now
//   DELETE <path>/:<key>   delete → a message
// Every write runs with its audit row in one transaction and drops exactly the cached answers it affects
// (auditedWrite). An entity's rules run in two steps: checks before the transaction (reach, references, links, with
// clear 4xx messages), then the write inside it, which checks again what another write may have changed meanwhile.

/** One write inside its transaction: the record as it is now and the cached answers it changes. */
export interface Written<Row> {
  after: Row;
  affected: Affected;
}

/** The write an entity's checks allow, run in the transaction. */
export type InTransaction<R> = (tx: Queryable) => Promise<R>;

/** The record a route reached and what the checks found about it. */
export interface CatalogueEntity<
  Row extends TSchema,
  Params extends TSchema,
  List extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
> {
  /** The audit log's entity name ('store'). */
  entity: string;
  /** '/stores': the list and create route; `${path}/:${param}` updates and deletes one record. */
  path: string;
  /** The name of the one path parameter, a key of `schemas.params`. */
  param: keyof Static<Params> & string;
  /** The OpenAPI tag of the four routes ('admin: stores'). */
  tag: string;
  schemas: { row: Row; params: Params; list: List; create: Create; update: Update };
  summaries: Record<'list' | 'create' | 'update' | 'delete', string>;
  /** The answers' messages ('Store created.'). */
  messages: Record<'created' | 'updated' | 'deleted', string>;
  /** The audit row's ids of a record. */
  auditIds(row: Static<Row>): { entityId: string; domainId?: string | null };
  /** A page of the list the operator may see. */
  list(db: Db, req: FastifyRequest, query: Static<List>): Promise<Paged<Static<Row>>>;
  /** Checks a new record, then creates it. */
  create(db: Db, req: FastifyRequest, body: Static<Create>): Promise<InTransaction<Written<Static<Row>>>>;
  /** The record the path names, in the operator's reach (404 / 403 otherwise). */
  find(db: Db, req: FastifyRequest, key: string): Promise<Static<Row>>;
  /** Checks a change of `before`, then makes it. */
  update(
    db: Db,
    req: FastifyRequest,
    before: Static<Row>,
    body: Static<Update>,
  ): Promise<InTransaction<Written<Static<Row>>>>;
  /** Checks the deletion of `before`, then deletes it; answers what it affected. */
  remove(db: Db, req: FastifyRequest, before: Static<Row>): Promise<InTransaction<Affected>>;
}

// TypeBox schemas of any entity (the generic module does not read their shapes).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entity's own generics are checked where it is declared
export type AnyCatalogueEntity = CatalogueEntity<any, any, any, any, any>;

/** Declares one entity, keeping its schemas' types (the hooks are checked against them). */
export const catalogueEntity = <
  Row extends TSchema,
  Params extends TSchema,
  List extends TSchema,
  Create extends TSchema,
  Update extends TSchema,
>(
  entity: CatalogueEntity<Row, Params, List, Create, Update>,
): CatalogueEntity<Row, Params, List, Create, Update> => entity;

/** Registers the entity's four routes. */
export async function catalogueRoutes(app: FastifyInstance, ctx: AdminContext, e: AnyCatalogueEntity): Promise<void> {
  const one = `${e.path}/:${e.param}`;
  const schema = (summary: string, parts: Record<string, unknown>) => ({ tags: [e.tag], security, summary, ...parts });
  const keyOf = (req: FastifyRequest) => (req.params as Record<string, string>)[e.param]!;

  app.get(
    e.path,
    {
      schema: schema(e.summaries.list, { querystring: e.schemas.list, response: responses(AdminPage(e.schemas.row)) }),
    },
    async (req) => {
      const q = req.query as { page: number; per_page: number };
      return page(q, await e.list(ctx.db, req, q));
    },
  );

  app.post(
    e.path,
    { schema: schema(e.summaries.create, { body: e.schemas.create, response: created(e.schemas.row) }) },
    async (req, reply: FastifyReply) => {
      const write = await e.create(ctx.db, req, req.body);
      const data = await auditedWrite(ctx, req, async (tx) => {
        const { after, affected } = await write(tx);
        return recordWrite({ action: 'create', entity: e.entity, ...e.auditIds(after), before: null }, after, affected);
      });
      return reply.code(201).send({ success: true, message: e.messages.created, data });
    },
  );

  app.patch(
    one,
    {
      schema: schema(e.summaries.update, {
        params: e.schemas.params,
        body: e.schemas.update,
        response: responses(AdminAnswer(e.schemas.row)),
      }),
    },
    async (req) => {
      const before = await e.find(ctx.db, req, keyOf(req));
      const write = await e.update(ctx.db, req, before, req.body);
      const data = await auditedWrite(ctx, req, async (tx) => {
        const { after, affected } = await write(tx);
        return recordWrite({ action: 'update', entity: e.entity, ...e.auditIds(before), before }, after, affected);
      });
      return { success: true, message: e.messages.updated, data };
    },
  );

  app.delete(
    one,
    { schema: schema(e.summaries.delete, { params: e.schemas.params, response: responses(MessageOnly) }) },
    async (req) => {
      const before = await e.find(ctx.db, req, keyOf(req));
      const write = await e.remove(ctx.db, req, before);
      await auditedWrite(ctx, req, async (tx) => {
        const affected = await write(tx);
        return recordWrite({ action: 'delete', entity: e.entity, ...e.auditIds(before), before }, null, affected);
      });
      return { success: true, message: e.messages.deleted };
    },
  );
}
