import type { ReportItem, TransactionState } from '../../contract/revenue';
import { cellText, mappedState, ok, readSignedTransaction, refused, usDateTime, type Reading } from './report-fields';
import { readCsvRows, type CsvRow, type CsvShape } from './report-files';
import { foldedItems, type PartItem, type SalePart } from './report-folding';

// Issue 31: Rakuten Advertising's Signature Orders report (Reports > Signature Orders, or the Advanced Reports API
// with the report's CSV), one row per SKU of an order, read as Rakuten spells it (docs/revenue-formats.md). Its
// columns: Member ID (U1), MID, Advertiser Name, Order ID, Transaction Date, Transaction Time, SKU, Sales, # of Items,
// Total Commission, Process Date, Process Time, and the Currency column the report must be run with (the amounts are
// in the report's currency, which nothing else in the file names). Rakuten's quirks: dates are US order (`4/1/26`,
// the API's default m/d/yy, or `04/01/2026`) or ISO, in the report's time zone (GMT unless chosen otherwise: read as
// UTC); amounts carry thousands commas (`1,234.56`); a return is a later row of the same order and SKU with negative
// Sales and Total Commission: it is folded into its sale (report-folding.ts). The report has no status: a row is
// pending unless a Status / Commission Status column (Enhanced Order Locking's) says otherwise.

export type RakutenField =
  | 'memberId'
  | 'mid'
  | 'advertiserName'
  | 'orderId'
  | 'transactionDate'
  | 'transactionTime'
  | 'sku'
  | 'sales'
  | 'commission'
  | 'currency'
  | 'status';

export const RAKUTEN_CSV: CsvShape<RakutenField> = {
  name: "Rakuten Advertising's Signature Orders report CSV",
  columns: {
    memberId: ['Member ID (U1)', 'U1', 'Member ID'],
    mid: ['MID', 'Advertiser ID'],
    advertiserName: ['Advertiser Name'],
    orderId: ['Order ID'],
    transactionDate: ['Transaction Date', 'Transaction Created On Date'],
    transactionTime: ['Transaction Time', 'Transaction Created On Time'],
    sku: ['SKU', 'Product SKU'],
    sales: ['Sales', 'Sale Amount'],
    commission: ['Total Commission', 'Commissions', 'Commission'],
    currency: ['Currency'],
    status: ['Commission Status', 'Status'],
  },
  required: ['mid', 'orderId', 'transactionDate', 'commission', 'currency'],
};

/** Enhanced Order Locking's states, when the report has a status column. */
export const RAKUTEN_STATES: Readonly<Record<string, TransactionState>> = {
  pending: 'pending',
  unlocked: 'pending',
  locked: 'approved',
  approved: 'approved',
  confirmed: 'approved',
  paid: 'paid',
  declined: 'declined',
  cancelled: 'declined',
  canceled: 'declined',
  reversed: 'declined',
};
const RAKUTEN_KNOWN = 'Rakuten uses (Pending, Unlocked, Locked, Paid, Declined)';

function rakutenState(cell: string | undefined): Reading<TransactionState> {
  return cellText(cell) ? mappedState(cell, RAKUTEN_STATES, RAKUTEN_KNOWN) : ok('pending');
}

/** One row of the report as a part of its sale (the order's SKU at that advertiser), or why it can't be one. */
export function mapRakutenRow(row: Partial<Record<RakutenField, string>>): Reading<SalePart> {
  const order = cellText(row.orderId);
  const mid = cellText(row.mid);
  if (!order) return refused('the row has no Order ID');
  if (!mid) return refused('the row has no MID (the advertiser)');
  const sku = cellText(row.sku);
  // Order ids are the advertiser's own: the advertiser makes them unique across the report.
  const key = [mid, order, sku].filter(Boolean).join(':');
  const read = readSignedTransaction({
    id: key,
    subId: row.memberId,
    currency: row.currency,
    commission: row.commission,
    sale: row.sales,
    decimals: 'point',
    state: rakutenState(row.status),
    occurredAt: usDateTime(row.transactionDate ?? '', row.transactionTime ?? ''),
    advertiserId: mid,
    advertiserName: row.advertiserName,
  });
  if (!read.ok) return read;
  const correction = read.value.commission_minor < 0;
  const what = `order ${order}${sku ? `, SKU ${sku}` : ''}`;
  const label = correction ? `a return on ${what}` : `another row of ${what}`;
  return ok({ key, correction, label, transaction: read.value });
}

const partOf = ({ where, cells, problem }: CsvRow<RakutenField>): PartItem => ({
  where,
  part: problem ? refused(problem) : mapRakutenRow(cells),
});

/** Each row of a Signature Orders report, returns folded into their sales, or why not ("line N"). */
export function readRakutenCsv(text: string): ReportItem[] {
  const read = readCsvRows(text, RAKUTEN_CSV);
  if (!read.ok) return read.items;
  return foldedItems(read.rows.map(partOf), 'Rakuten');
}
