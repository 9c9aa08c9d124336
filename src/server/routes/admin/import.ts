import type { FastifyInstance } from 'fastify';
import { ImportParams, ImportQuery, ImportReport, type ImportRowError } from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import {
  type CouponImportRow,
  type StoreImportRow,
  hostTenantIds,
  storeKeysAndSlugs,
  storesOfCouponKeys,
  upsertCoupons,
  upsertStores,
} from '../../db/repositories/admin-import';
import { existingCategories, tenantsOfStores } from '../../db/repositories/admin-catalogue';
import { auditedWrite, type AdminContext } from './context';
import { requireAdmin } from './guard';
import { checkCouponRows, checkStoreRows, COUPON_COLUMNS, readCsv, STORE_COLUMNS } from './csv-rows';

// POST /api/admin/import/coupons | stores (text/csv): every row is checked first; with ?dry_run=1 the report is all
// that happens; otherwise a file with any refused row writes nothing (422 with the report), and a clean one is upserted
// (by offer_id / store_key) in one transaction with its audit row.
export const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

export async function adminImportRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { db } = ctx;
  app.post<{ Params: ImportParams; Querystring: ImportQuery; Body: string }>(
    '/import/:kind',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin: import'],
        security: [{ bearer: [] }],
        summary:
          'Import an affiliate feed (text/csv; columns in src/server/routes/README.md); ?dry_run=1 only reports per-row errors (admin)',
        params: ImportParams,
        querystring: ImportQuery,
        consumes: ['text/csv'],
        response: { ...responses(ImportReport), 422: ImportReport },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
      const kind = req.params.kind;
      const text = typeof req.body === 'string' ? req.body : '';
      const parsed = readCsv(text, kind === 'coupons' ? COUPON_COLUMNS : STORE_COLUMNS);
      const report = (rows: number, errors: ImportRowError[], created = 0, updated = 0) => ({
        success: errors.length === 0,
        message: errors.length
          ? `${errors.length} row(s) refused${dryRun ? '' : '; nothing was imported'}.`
          : dryRun
            ? `Dry run: all ${rows} rows can be imported.`
            : `Imported ${rows} rows: ${created} new, ${updated} updated.`,
        data: { dry_run: dryRun, rows, created, updated, errors },
      });
      if (!parsed.ok) return reply.code(dryRun ? 200 : 422).send(report(0, parsed.errors));

      const { byKey, bySlug } = await storeKeysAndSlugs(db);
      let checked:
        | { kind: 'coupons'; rows: CouponImportRow[]; errors: ImportRowError[] }
        | { kind: 'stores'; rows: StoreImportRow[]; errors: ImportRowError[] };
      if (kind === 'coupons') {
        const stores = new Map(byKey);
        for (const [slug, key] of bySlug) stores.set(slug, byKey.get(key)!);
        checked = {
          kind,
          ...checkCouponRows(parsed.records, { stores, categories: await existingCategories(db) }),
        };
      } else {
        checked = {
          kind: 'stores',
          ...checkStoreRows(parsed.records, { slugs: bySlug, hosts: await hostTenantIds(db) }),
        };
      }
      const total = parsed.records.length;
      if (checked.errors.length > 0) return reply.code(dryRun ? 200 : 422).send(report(total, checked.errors));
      if (dryRun) return report(total, []);

      const rows = checked.rows;
      const done = await auditedWrite(ctx, req, async (tx) => {
        const keys = rows.map((r: { key: string }) => r.key);
        let storeIds: string[];
        let tally;
        if (checked.kind === 'coupons') {
          const couponRows = checked.rows;
          const movedFrom = await storesOfCouponKeys(tx, keys);
          tally = await upsertCoupons(tx, couponRows);
          storeIds = [...new Set([...movedFrom, ...couponRows.map((r) => r.store_id)])];
        } else {
          const storeRows = checked.rows;
          tally = await upsertStores(tx, storeRows);
          storeIds = storeRows.map((r) => r.id);
        }
        const tenants = await tenantsOfStores(tx, storeIds);
        return {
          result: tally,
          audit: {
            action: 'import',
            entity: kind,
            entityId: null,
            domainId: null,
            before: null,
            after: { rows: rows.length, ...tally, keys: keys.slice(0, 200), more_keys: Math.max(0, keys.length - 200) },
          },
          affected: { tenants, stores: storeIds },
        };
      });
      return report(total, [], done.created, done.updated);
    },
  );
}
