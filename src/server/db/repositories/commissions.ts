import {
  REPORT_NETWORK,
  type CommissionImportSummary,
  type CurrencyRate,
  type NetworkTransaction,
  type ReportFormat,
  type ReportItem,
} from '../../../shared/contract/revenue';
import type { Db, Queryable } from '../connect';

// Issue 31: the networks' transactions, one row per (network, transaction id). An import upserts: a transaction seen
// again takes its new state and amounts (money moves between columns, never doubles); its sub-ID finds its click.

/** Transactions written per statement. */
const BATCH = 500;
/** Problems an import summary lists (the counts cover them all). */
const PROBLEMS_SHOWN = 50;

export interface ImportInput {
  format: ReportFormat;
  fileName: string;
  importedBy: string | null;
  items: readonly ReportItem[];
}

/** The report's transactions, one per id (a report that lists an id twice: its last row wins). */
function lastOfEach(items: readonly ReportItem[]): NetworkTransaction[] {
  const byId = new Map<string, NetworkTransaction>();
  for (const item of items) if (item.ok) byId.set(item.transaction.transaction_id, item.transaction);
  return [...byId.values()];
}

const UPSERT = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
      transaction_id text, sub_id text, state text, commission_minor bigint, sale_minor bigint, currency text,
      occurred_at timestamptz, advertiser_id text, advertiser_name text)
  )
  INSERT INTO commissions AS m (network, transaction_id, sub_id, click_id, state, commission_minor, sale_minor, currency,
    occurred_at, advertiser_id, advertiser_name, first_import, last_import)
  SELECT $2, i.transaction_id, i.sub_id, co.id, i.state, i.commission_minor, i.sale_minor, i.currency, i.occurred_at,
    i.advertiser_id, i.advertiser_name, $3, $3
  FROM input i LEFT JOIN click_outs co ON co.id = i.sub_id
  ON CONFLICT (network, transaction_id) DO UPDATE SET
    sub_id = EXCLUDED.sub_id, click_id = COALESCE(EXCLUDED.click_id, m.click_id), state = EXCLUDED.state,
    commission_minor = EXCLUDED.commission_minor, sale_minor = EXCLUDED.sale_minor, currency = EXCLUDED.currency,
    occurred_at = EXCLUDED.occurred_at, advertiser_id = EXCLUDED.advertiser_id,
    advertiser_name = EXCLUDED.advertiser_name, last_import = EXCLUDED.last_import, updated_at = now()
  WHERE (m.sub_id, m.state, m.commission_minor, m.sale_minor, m.currency, m.occurred_at)
    IS DISTINCT FROM (EXCLUDED.sub_id, EXCLUDED.state, EXCLUDED.commission_minor, EXCLUDED.sale_minor,
      EXCLUDED.currency, EXCLUDED.occurred_at)
  RETURNING (xmax = 0) AS added`;

const UNMATCHED = `
  SELECT count(*)::int AS n FROM jsonb_to_recordset($1::jsonb) AS i(transaction_id text)
  JOIN commissions m ON m.network = $2 AND m.transaction_id = i.transaction_id WHERE m.click_id IS NULL`;

/**
 * Imports a read report in one transaction (all of it or nothing): upserts its transactions, counts what was added,
 * changed, unchanged, refused and unmatched, and keeps the summary.
 */
export async function importCommissions(db: Db, input: ImportInput): Promise<CommissionImportSummary> {
  const network = REPORT_NETWORK[input.format];
  const transactions = lastOfEach(input.items);
  const problems = input.items.flatMap((i) => (i.ok ? [] : [{ where: i.where, reason: i.reason }]));
  return db.transaction(async (tx) => {
    const [run] = await tx.query<{ id: number; imported_at: Date }>(
      `INSERT INTO commission_imports (format, file_name, imported_by) VALUES ($1, $2, $3) RETURNING id, imported_at`,
      [input.format, input.fileName, input.importedBy],
    );
    const id = Number(run!.id);
    let added = 0;
    let changed = 0;
    let unmatched = 0;
    for (let at = 0; at < transactions.length; at += BATCH) {
      const batch = JSON.stringify(transactions.slice(at, at + BATCH));
      const written = await tx.query<{ added: boolean }>(UPSERT, [batch, network, id]);
      for (const w of written) if (w.added) added += 1;
      changed += written.filter((w) => !w.added).length;
      unmatched += (await tx.query<{ n: number }>(UNMATCHED, [batch, network]))[0]?.n ?? 0;
    }
    const summary = {
      records: input.items.length,
      added,
      changed,
      unchanged: transactions.length - added - changed,
      refused: problems.length,
      unmatched,
    };
    await tx.query(
      `UPDATE commission_imports SET records = $2, added = $3, changed = $4, unchanged = $5, refused = $6,
         unmatched = $7, problems = $8::jsonb WHERE id = $1`,
      [
        id,
        summary.records,
        summary.added,
        summary.changed,
        summary.unchanged,
        summary.refused,
        summary.unmatched,
        JSON.stringify(problems.slice(0, PROBLEMS_SHOWN)),
      ],
    );
    return {
      id,
      format: input.format,
      file_name: input.fileName,
      imported_at: new Date(run!.imported_at).toISOString(),
      ...summary,
      problems: problems.slice(0, PROBLEMS_SHOWN),
    };
  });
}

export interface UnmatchedTransaction {
  network: string;
  transaction_id: string;
  sub_id: string | null;
  state: string;
  commission_minor: number;
  currency: string;
  occurred_at: string;
  advertiser_name: string | null;
}

/** The newest transactions whose sub-ID names no click (admins list them to chase with the network). */
export async function unmatchedCommissions(db: Queryable, limit = 100): Promise<UnmatchedTransaction[]> {
  const rows = await db.query<UnmatchedTransaction & { occurred_at: Date; commission_minor: string | number }>(
    `SELECT network, transaction_id, sub_id, state, commission_minor, currency, occurred_at, advertiser_name
     FROM commissions WHERE click_id IS NULL ORDER BY occurred_at DESC, transaction_id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...r,
    commission_minor: Number(r.commission_minor),
    occurred_at: new Date(r.occurred_at).toISOString(),
  }));
}

export async function currencyRates(db: Queryable): Promise<CurrencyRate[]> {
  const rows = await db.query<{ currency: string; to_currency: string; rate: string }>(
    'SELECT currency, to_currency, rate::text AS rate FROM currency_rates ORDER BY currency, to_currency',
  );
  return rows.map((r) => ({ currency: r.currency, to_currency: r.to_currency, rate: Number(r.rate) }));
}

/** Replaces the rates table with `rates` (one transaction). */
export async function replaceCurrencyRates(db: Db, rates: readonly CurrencyRate[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM currency_rates');
    if (rates.length === 0) return;
    await tx.query(
      `INSERT INTO currency_rates (currency, to_currency, rate)
       SELECT currency, to_currency, rate FROM jsonb_to_recordset($1::jsonb)
         AS x(currency text, to_currency text, rate numeric)`,
      [JSON.stringify(rates)],
    );
  });
}
