import type { NetworkTransaction, ReportItem } from '../../contract/revenue';
import { awinDate } from '../../feeds/awin-csv';
import { jsonFlag } from '../../feeds/json-fields';
import { awinState } from './awin-json';
import { cellText, ok, readTransaction, refused, type Reading } from './report-fields';
import { itemOf, readCsvRows, type CsvShape } from './report-files';

// Issue 31: Awin's publisher Transactions report (Reports > Performance > Transactions > Options > Export as CSV),
// read as Awin spells it (docs/revenue-formats.md). The export's headers vary with the account and its age: the
// interface's labels ("Transaction ID", "Commission Status", "Click Ref") or the field names Awin's help lists
// (id, commission_status, commission, sale_amount, date): either is read, in any case. Awin's quirks: the status
// may be a word or 0/1/2 (pending, approved, declined); amounts follow the account's locale (`1,234.56` or
// `1.234,56`); dates are UK order `dd/mm/yyyy HH:MM[:SS]` or ISO, in the account's time zone, which the export does
// not name: they are read as UTC; "Paid to publisher" (Yes/No, or a payment status "Paid …") makes an approved
// commission paid.

export type AwinCsvField =
  | 'id'
  | 'status'
  | 'commission'
  | 'sale'
  | 'currency'
  | 'clickRef'
  | 'date'
  | 'advertiserId'
  | 'advertiserName'
  | 'paid';

export const AWIN_CSV: CsvShape<AwinCsvField> = {
  name: "Awin's Transactions report CSV",
  columns: {
    id: ['Transaction ID', 'id', 'transaction_id'],
    status: ['Commission Status', 'commission_status', 'Status', 'Transaction Status'],
    commission: ['Commission Amount', 'commission', 'commission_amount'],
    sale: ['Sale Amount', 'sale_amount', 'Sale Value'],
    currency: ['Currency', 'currency_code', 'Commission Currency', 'Sale Currency'],
    clickRef: ['Click Ref', 'clickRef', 'click_ref', 'Click Reference'],
    date: ['Transaction Date', 'date', 'transaction_date'],
    advertiserId: ['Advertiser ID', 'advertiser_id', 'advertiserId', 'Merchant ID', 'merchant_id'],
    advertiserName: ['Advertiser Name', 'advertiser_name', 'Advertiser', 'Merchant Name', 'merchant_name'],
    paid: ['Paid to publisher', 'paid_to_publisher', 'paidToPublisher', 'Paid', 'Payment Status'],
  },
  required: ['id', 'status', 'commission', 'currency', 'date'],
};

/** "Yes", "true", 1, or a payment status that starts "Paid" ("Paid – Payment sent"). */
const paidCell = (cell: string | undefined) => jsonFlag(cell) || /^paid\b/i.test(cellText(cell));

function transactionDate(cell: string | undefined): Reading<string> {
  if (!cellText(cell)) return refused('the transaction has no date');
  const date = awinDate(cell, 'start');
  if (!date.ok) return refused(date.message);
  return date.value ? ok(date.value) : refused('the transaction has no date');
}

/** One row of Awin's Transactions report, by field, as a transaction or why it can't be one. */
export function mapAwinCsvRow(row: Partial<Record<AwinCsvField, string>>): Reading<NetworkTransaction> {
  return readTransaction({
    id: row.id,
    subId: row.clickRef,
    currency: row.currency,
    commission: row.commission,
    sale: row.sale,
    decimals: 'auto',
    state: awinState(row.status, paidCell(row.paid)),
    occurredAt: transactionDate(row.date),
    advertiserId: row.advertiserId,
    advertiserName: row.advertiserName,
  });
}

/** Each row of an Awin Transactions report CSV, mapped or with why not ("line N", the header is line 1). */
export function readAwinCsv(text: string): ReportItem[] {
  const read = readCsvRows(text, AWIN_CSV);
  if (!read.ok) return read.items;
  return read.rows.map(({ where, cells, problem }) =>
    problem ? { where, ok: false, reason: problem } : itemOf(where, mapAwinCsvRow(cells)),
  );
}
