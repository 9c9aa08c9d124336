import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ImportParams,
  ImportQuery,
  ImportReport,
  type ImportKind,
  type ImportRowError,
} from '../../../shared/contract/admin';
import { responses } from '../../api-schemas/common';
import type { Queryable } from '../../db/connect';
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
import { ApiError } from '../../lib/api-error';
import { auditedWrite, type AdminContext } from './context';
import { requireAdmin } from './guard';
import { answerEarly } from './answer-early';
import { MAX_BYTES, readCsv, tooManyBytes, type CsvRead } from './csv-read';
import { COUPON_COLUMNS, couponRowChecker, type RowChecker, STORE_COLUMNS, storeRowChecker } from './csv-rows';

// POST /api/admin/import/coupons | stores (text/csv): the body is read as a stream and every row is checked as it
// arrives; with ?dry_run=1 the report is all that happens; otherwise a file with any refused row writes nothing (422
// with the report), and a clean one is upserted (by offer_id / store_key) in one transaction with its audit row. A file
// over 20 MB or 50,000 rows is 413 whether or not it is a dry run, and its reading stops there (decision 026).

type Checked =
  { kind: 'coupons'; checker: RowChecker<CouponImportRow> } | { kind: 'stores'; checker: RowChecker<StoreImportRow> };

async function rowChecker(db: Queryable, kind: ImportKind, keepRows: boolean): Promise<Checked> {
  const { byKey, bySlug } = await storeKeysAndSlugs(db);
  if (kind === 'stores')
    return { kind, checker: storeRowChecker({ slugs: bySlug, hosts: await hostTenantIds(db) }, keepRows) };
  const stores = new Map(byKey);
  for (const [slug, key] of bySlug) stores.set(slug, byKey.get(key)!);
  return { kind, checker: couponRowChecker({ stores, categories: await existingCategories(db) }, keepRows) };
}

/** The CSV body as a stream: the admin scope's text/csv parser hands the request's own stream on unread. */
function csvBody(body: unknown): Readable {
  if (body instanceof Readable) return body;
  return Readable.from(typeof body === 'string' ? [body] : []);
}

async function readUpload(body: Readable, declaredBytes: number, checked: Checked): Promise<CsvRead> {
  if (declaredBytes > MAX_BYTES) return tooManyBytes(0);
  const columns = checked.kind === 'coupons' ? COUPON_COLUMNS : STORE_COLUMNS;
  try {
    return await readCsv(body, columns, (record) => checked.checker.check(record));
  } catch (err) {
    // The client went away (or its connection broke) mid-upload: nothing was written.
    if (body.errored || body.readableAborted)
      throw new ApiError(400, 'The upload was interrupted; nothing was imported.');
    throw err;
  }
}

async function writeRows(ctx: AdminContext, req: FastifyRequest, checked: Checked) {
  return auditedWrite(ctx, req, async (tx) => {
    let keys: string[];
    let storeIds: string[];
    let tally;
    if (checked.kind === 'coupons') {
      const rows = checked.checker.rows;
      keys = rows.map((r) => r.key);
      const movedFrom = await storesOfCouponKeys(tx, keys);
      tally = await upsertCoupons(tx, rows);
      storeIds = [...new Set([...movedFrom, ...rows.map((r) => r.store_id)])];
    } else {
      const rows = checked.checker.rows;
      keys = rows.map((r) => r.key);
      tally = await upsertStores(tx, rows);
      storeIds = rows.map((r) => r.id);
    }
    const tenants = await tenantsOfStores(tx, storeIds);
    return {
      result: tally,
      audit: {
        action: 'import',
        entity: checked.kind,
        entityId: null,
        domainId: null,
        before: null,
        after: { rows: keys.length, ...tally, keys: keys.slice(0, 200), more_keys: Math.max(0, keys.length - 200) },
      },
      affected: { tenants, stores: storeIds },
    };
  });
}

export async function adminImportRoutes(app: FastifyInstance, ctx: AdminContext): Promise<void> {
  const { db } = ctx;
  app.post<{ Params: ImportParams; Querystring: ImportQuery; Body: unknown }>(
    '/import/:kind',
    {
      schema: {
        tags: ['admin: import'],
        security: [{ bearer: [] }],
        summary:
          'Import an affiliate feed (text/csv, ≤ 20 MB, ≤ 50,000 rows; columns in src/server/routes/README.md); ' +
          '?dry_run=1 only reports per-row errors (admin)',
        params: ImportParams,
        querystring: ImportQuery,
        consumes: ['text/csv'],
        response: { ...responses(ImportReport), 413: ImportReport, 422: ImportReport },
      },
    },
    async (req, reply) => {
      requireAdmin(req);
      const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
      const report = (rows: number, errors: ImportRowError[], created = 0, updated = 0) => ({
        success: errors.length === 0,
        message: errors.length
          ? `${errors.length} row(s) refused${dryRun ? '' : '; nothing was imported'}.`
          : dryRun
            ? `Dry run: all ${rows} rows can be imported.`
            : `Imported ${rows} rows: ${created} new, ${updated} updated.`,
        data: { dry_run: dryRun, rows, created, updated, errors },
      });

      const body = csvBody(req.body);
      const checked = await rowChecker(db, req.params.kind, !dryRun);
      const read = await readUpload(body, Number(req.headers['content-length'] ?? 0), checked);
      if (read.outcome === 'too-large') {
        const answer = { ...report(read.rows, [read.error]), message: read.error.message };
        return answerEarly(reply, body, MAX_BYTES).code(413).send(answer);
      }
      if (read.outcome === 'refused')
        return answerEarly(reply, body, MAX_BYTES)
          .code(dryRun ? 200 : 422)
          .send(report(0, read.errors));
      const errors = checked.checker.errors;
      if (errors.length > 0) return reply.code(dryRun ? 200 : 422).send(report(read.rows, errors));
      if (dryRun) return report(read.rows, []);

      const done = await writeRows(ctx, req, checked);
      return report(read.rows, [], done.created, done.updated);
    },
  );
}
