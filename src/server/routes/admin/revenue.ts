import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  CommissionImportAnswer,
  CurrencyRate,
  REPORT_FORMATS,
  REVENUE_MAX_DAYS,
  RevenueAnswer,
  RevenueQuery,
  type ReportFormat,
} from '../../../shared/contract/revenue';
import { REPORT_MAX_BYTES } from '../../../shared/contract/commission-sources';
import { StringEnum } from '../../../shared/contract/schema-kit';
import { readReport } from '../../../shared/revenue/readers/index';
import { responses } from '../../api-schemas/common';
import {
  currencyRates,
  importCommissions,
  replaceCurrencyRates,
  unmatchedCommissions,
} from '../../db/repositories/commissions';
import { recordAudit } from '../../db/repositories/admin-audit';
import { revenueView } from '../../db/repositories/revenue-view';
import { ApiError } from '../../lib/api-error';
import { adminCommissionSourceRoutes } from './commission-sources';
import type { AdminContext } from './context';
import { operatorOf, requireAdmin, requireTenant } from './guard';

// Issue 31 in the console (docs/revenue.md): the revenue view (any operator: an admin every tenant, an editor theirs),
// the transaction report import, the unmatched transactions and the currency rates (admins).

export { REPORT_MAX_BYTES } from '../../../shared/contract/commission-sources';
const REPORT_TYPES = ['text/csv', 'application/json', 'text/plain', 'application/octet-stream'];

const ImportQuery = Type.Object(
  {
    format: StringEnum(REPORT_FORMATS, { description: 'The report format' }),
    file_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);

const RatesBody = Type.Object({ rates: Type.Array(CurrencyRate, { maxItems: 500 }) }, { additionalProperties: false });
const RatesAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(CurrencyRate) },
  { additionalProperties: false },
);

const DAY_MS = 86_400_000;

function checkedRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (!(days >= 1)) throw new ApiError(400, 'The range must end on or after the day it starts.');
  if (days > REVENUE_MAX_DAYS) throw new ApiError(400, `A range may cover at most ${REVENUE_MAX_DAYS} days.`);
}

async function revenueViewRoute(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  app.get<{ Querystring: RevenueQuery }>(
    '/revenue',
    {
      schema: {
        tags: ['admin: revenue'],
        summary:
          'Clicks, transactions, conversion, commission (pending, approved, paid) and EPC per tenant, store, coupon, network or layout variant over UTC days (admin: every tenant; editor: theirs)',
        security: [{ bearer: [] }],
        querystring: RevenueQuery,
        response: responses(RevenueAnswer),
      },
    },
    async (req) => {
      const { from, to, by, tenant } = req.query;
      const op = tenant === undefined ? operatorOf(req) : requireTenant(req, tenant);
      checkedRange(from, to);
      const domainIds = tenant !== undefined ? [tenant] : op.tenants === 'all' ? null : [...op.tenants];
      const data = await revenueView(db, { from, to, by, domainIds, withUnmatched: op.role === 'admin' });
      return { success: true as const, data };
    },
  );
}

async function importRoute(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  app.post<{ Querystring: { format: ReportFormat; file_name?: string }; Body: string }>(
    '/revenue/imports',
    {
      bodyLimit: REPORT_MAX_BYTES,
      schema: {
        tags: ['admin: revenue'],
        summary:
          "Import a network's transaction report (the file as the body; ?format=): new transactions are added, known ones take their new state and amounts, none is counted twice; each finds its click by sub-ID (admin)",
        security: [{ bearer: [] }],
        querystring: ImportQuery,
        response: responses(CommissionImportAnswer),
      },
    },
    async (req) => {
      const op = requireAdmin(req);
      const text = typeof req.body === 'string' ? req.body : '';
      if (text.trim() === '') throw new ApiError(400, 'The report is empty: choose a file to import.');
      const format = req.query.format;
      const fileName = req.query.file_name ?? `${format} report`;
      const summary = await importCommissions(db, {
        format,
        fileName,
        importedBy: op.email,
        items: readReport(format, text),
      });
      await recordAudit(db, {
        userId: op.id,
        userEmail: op.email,
        action: 'import',
        entity: 'commission_import',
        entityId: String(summary.id),
        domainId: null,
        before: null,
        after: { format, file_name: fileName, added: summary.added, changed: summary.changed },
      });
      const message =
        summary.records === summary.refused
          ? 'Nothing was imported: no row of the file is a transaction of this format.'
          : `Imported ${summary.added} new and ${summary.changed} changed transactions.`;
      return { success: true as const, message, data: summary };
    },
  );
}

async function ratesRoutes(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  const schema = { tags: ['admin: revenue'], security: [{ bearer: [] }], response: responses(RatesAnswer) };
  app.get(
    '/revenue/rates',
    { schema: { ...schema, summary: 'The currency rates the revenue view converts with (admin)' } },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await currencyRates(db) };
    },
  );
  app.put<{ Body: { rates: CurrencyRate[] } }>(
    '/revenue/rates',
    {
      schema: {
        ...schema,
        summary: 'Replace the currency rates: one unit of currency in to_currency, one rate per pair (admin)',
        body: RatesBody,
      },
    },
    async (req) => {
      const op = requireAdmin(req);
      const pairs = new Set<string>();
      for (const r of req.body.rates) {
        if (r.currency === r.to_currency) throw new ApiError(400, `A rate from ${r.currency} to itself is always 1.`);
        const pair = `${r.currency}>${r.to_currency}`;
        if (pairs.has(pair)) throw new ApiError(400, `${r.currency} to ${r.to_currency} is given twice.`);
        pairs.add(pair);
      }
      const before = await currencyRates(db);
      await replaceCurrencyRates(db, req.body.rates);
      await recordAudit(db, {
        userId: op.id,
        userEmail: op.email,
        action: 'update',
        entity: 'currency_rates',
        entityId: 'all',
        domainId: null,
        before,
        after: req.body.rates,
      });
      return { success: true as const, data: await currencyRates(db) };
    },
  );
}

const UnmatchedAnswer = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Array(
      Type.Object({
        network: Type.String(),
        transaction_id: Type.String(),
        sub_id: Type.Union([Type.String(), Type.Null()]),
        state: Type.String(),
        commission_minor: Type.Integer(),
        currency: Type.String(),
        occurred_at: Type.String(),
        advertiser_name: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  },
  { additionalProperties: false },
);

export async function adminRevenueRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  await revenueViewRoute(app, ctx);
  await ratesRoutes(app, ctx);
  await adminCommissionSourceRoutes(app, ctx, app.feedRuns.services);
  await app.register(async (scope) => {
    // A report is read whole, as text, whatever type the browser gave the file.
    scope.removeContentTypeParser(['application/json', 'text/plain', 'text/csv']);
    scope.addContentTypeParser(REPORT_TYPES, { parseAs: 'string', bodyLimit: REPORT_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    await importRoute(scope, ctx);
  });
  app.get(
    '/revenue/unmatched',
    {
      schema: {
        tags: ['admin: revenue'],
        summary: "The newest transactions whose sub-ID names no click (admin): they belong to no tenant's revenue",
        security: [{ bearer: [] }],
        response: responses(UnmatchedAnswer),
      },
    },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await unmatchedCommissions(ctx.db) };
    },
  );
}
