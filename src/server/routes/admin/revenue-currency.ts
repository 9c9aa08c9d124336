import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CURRENCY_PATTERN, TenantCurrenciesAnswer } from '../../../shared/contract/revenue';
import { OBJECT_ID_PATTERN } from '../../../shared/rules/object-id';
import { responses } from '../../api-schemas/common';
import { recordAudit } from '../../db/repositories/admin-audit';
import { ApiError } from '../../lib/api-error';
import type { AdminContext } from './context';
import { requireAdmin } from './guard';

// Issue 31: each tenant's reporting currency, what the revenue view sums its money in (admins; USD until set). It is
// the operator's bookkeeping, not the shop's: shoppers never see it, so it lives here and not in the domain data.

/** Under the admin prefix: the contract's tenantCurrenciesPath. */
const PATH = '/revenue/currencies';

const CurrencyBody = Type.Object(
  { reporting_currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'ISO 4217 code, e.g. EUR' }) },
  { additionalProperties: false },
);

type Row = { tenant: string; name: string; reporting_currency: string };

export async function adminRevenueCurrencyRoutes(app: FastifyInstance, { db }: AdminContext): Promise<void> {
  const schema = { tags: ['admin: revenue'], security: [{ bearer: [] }], response: responses(TenantCurrenciesAnswer) };
  const list = () =>
    db.query<Row>('SELECT id AS tenant, name, reporting_currency FROM domains ORDER BY lower(name), id');

  app.get(
    PATH,
    { schema: { ...schema, summary: "Each tenant's reporting currency: what its revenue is summed in (admin)" } },
    async (req) => {
      requireAdmin(req);
      return { success: true as const, data: await list() };
    },
  );

  app.patch<{ Params: { tenant: string }; Body: { reporting_currency: string } }>(
    `${PATH}/:tenant`,
    {
      schema: {
        ...schema,
        summary: "Set a tenant's reporting currency (admin); amounts in others convert through the rates table",
        params: Type.Object({ tenant: Type.String({ pattern: OBJECT_ID_PATTERN }) }),
        body: CurrencyBody,
      },
    },
    async (req) => {
      const op = requireAdmin(req);
      const { tenant } = req.params;
      const before = await db.query<Row>('SELECT id AS tenant, name, reporting_currency FROM domains WHERE id = $1', [
        tenant,
      ]);
      if (!before[0]) throw new ApiError(404, 'No such tenant.');
      await db.query('UPDATE domains SET reporting_currency = $2 WHERE id = $1', [tenant, req.body.reporting_currency]);
      await recordAudit(db, {
        userId: op.id,
        userEmail: op.email,
        action: 'update',
        entity: 'reporting_currency',
        entityId: tenant,
        domainId: tenant,
        before: { reporting_currency: before[0].reporting_currency },
        after: { reporting_currency: req.body.reporting_currency },
      });
      return { success: true as const, data: await list() };
    },
  );
}
