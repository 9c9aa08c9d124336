import type { RevenueDimension, RevenueFigures, RevenueView } from '../contract/revenue';
import { minorToDecimal } from './money';

// Issue 31: the console's Revenue tab exports its table as CSV (RFC 4180: fields joined by commas, records ended by
// CRLF, a field holding a comma, a quote, CR or LF quoted with its quotes doubled). The labels come from outside
// (store names and coupon titles a feed wrote, tenants' names), and a spreadsheet runs a cell starting with `=`, `+`,
// `-` or `@` (tab and CR too, which some strip first) as a formula: such a text cell gets a leading `'` (OWASP, "CSV
// injection"), which spreadsheets read as "text" and which keeps the rest of the value as it was.
//
// Numbers Dealdeck writes itself are not texts: a JS number, or a decimal made from minor units ({ decimal }), is
// written bare when its text is a plain number (-?digits[.digits][e±digits]) — a negative amount stays a number a
// sheet can sum, and a plain number is never a formula. Anything else given as a "number" (NaN, a decimal that is
// not one) is written through the text rule, so no cell starts with a formula character unless it is a plain number
// of ours. A text that merely looks like a number ("-12", a store named so) is a text, prefixed like any other. Pure.

/** A cell: text (neutralised), a number of ours (written bare), or a decimal of ours ("-12.30", kept as written). */
export type CsvValue = string | number | { readonly decimal: string } | null;

/** What a spreadsheet may run as a formula when a cell starts with it. */
export const FORMULA_STARTS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell: a leading `'` when it starts with a formula character, then quoted when RFC 4180 asks. */
function textCell(text: string): string {
  const safe = FORMULA_STARTS.some((c) => text.startsWith(c)) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV field for `value` (no separator around it). */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return textCell(value);
  const text = typeof value === 'number' ? String(value) : value.decimal;
  return PLAIN_NUMBER.test(text) ? text : textCell(text);
}

/** Records of cells as CSV text: CRLF after every record (the last one included). */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}

/** The first column's heading per grouping. */
export const DIMENSION_HEADINGS: Readonly<Record<RevenueDimension, string>> = {
  tenant: 'Tenant',
  store: 'Store',
  coupon: 'Coupon',
  network: 'Network',
  layout: 'Layout variant',
};

/** A ratio 0–1 as a percentage with two decimals ("12.50"); a figure that is not finite is left empty. */
const percent = (ratio: number): CsvValue => (Number.isFinite(ratio) ? { decimal: (ratio * 100).toFixed(2) } : null);

/** The cells of one group's (or the totals') figures, amounts as decimals of `currency`. */
function figureCells(f: RevenueFigures, currency: string): CsvValue[] {
  const money = (minor: number): CsvValue =>
    Number.isFinite(minor) ? { decimal: minorToDecimal(Math.round(minor), currency) } : null;
  return [
    f.clicks,
    f.transactions,
    percent(f.conversion),
    money(f.pending_minor),
    money(f.approved_minor),
    money(f.paid_minor),
    money(f.declined_minor),
    money(f.epc_minor),
  ];
}

/** The header row of a view grouped `by`, amounts in `currency`. */
export function revenueCsvHeader(by: RevenueDimension, currency: string): string[] {
  return [
    DIMENSION_HEADINGS[by],
    'Key',
    'Clicks',
    'Transactions',
    'Conversion (%)',
    `Pending (${currency})`,
    `Approved (${currency})`,
    `Paid (${currency})`,
    `Declined (${currency})`,
    `EPC per 100 clicks (${currency})`,
  ];
}

/**
 * The view as CSV: the header, a record per group in the view's order, then the totals ("Total", no key). Amounts
 * are decimals in the view's currency (its minor-unit digits: "12.30" EUR, "1234" JPY); EPC is rounded to the minor
 * unit. No byte-order mark: the download adds one (see the Revenue tab), other readers get plain UTF-8.
 */
export function revenueCsv(view: RevenueView): string {
  return csvRows([
    revenueCsvHeader(view.by, view.currency),
    ...view.rows.map((r) => [r.label, r.key, ...figureCells(r, view.currency)]),
    ['Total', '', ...figureCells(view.totals, view.currency)],
  ]);
}
