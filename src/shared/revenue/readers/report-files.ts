import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import type { NetworkTransaction, ReportItem } from '../../contract/revenue';
import { isJsonObject, jsonText, type JsonObject, type JsonValue } from '../../feeds/json-fields';
import { quoted, type Reading } from './report-fields';

// Issue 31: a report file as the records its reader maps. CSV goes through csv-parse (its browser build: the
// readers run in the console too), JSON through JSON.parse. A file that is not the format at all (not JSON, the
// wrong document, a header without the columns the reader needs, a quote that never closes) is one refused item
// saying what was expected; each record after that is the reader's to map or refuse. Nothing here throws.

/** A record's item: its transaction, or why it is none. */
export const itemOf = (where: string, t: Reading<NetworkTransaction>): ReportItem =>
  t.ok ? { where, ok: true, transaction: t.value } : { where, ok: false, reason: t.reason };

/** What one whole-file refusal looks like. */
const fileRefused = (where: string, reason: string): ReportItem[] => [{ where, ok: false, reason }];

// ---- CSV ----

/** A CSV report's columns: each field and the header spellings it goes by (compared without case, spaces or marks). */
export interface CsvShape<F extends string> {
  /** The report's name in messages ("Awin's Transactions report CSV"). */
  name: string;
  columns: Readonly<Record<F, readonly string[]>>;
  /** Without these a row can't be a transaction: the file is refused when no header line has them all. */
  required: readonly F[];
}

/** One data row by field, and where it is ("line 7": its first physical line; the header is line 1 or later). */
export interface CsvRow<F extends string> {
  where: string;
  cells: Partial<Record<F, string>>;
  /** Why the row can't be read at all (its width is not the header's: its cells can't be trusted to be in place). */
  problem?: string;
}

export type CsvRead<F extends string> = { ok: true; rows: CsvRow<F>[] } | { ok: false; items: ReportItem[] };

/** A header cell as it is compared: "Member ID (U1)" → "memberidu1", "clickRef" → "clickref". */
export const columnKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The delimiter the header line uses most: Excel exports in many locales write `;`, some tools a tab. */
function delimiterOf(text: string): string {
  const first = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The line breaks inside a record's quoted fields (csv-parse's own count takes a CRLF for two lines). */
const breaksIn = (cells: readonly string[]) => cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

interface Parsed {
  record: string[];
  info: { empty_lines: number };
}

function parsedRecords(text: string): { ok: true; records: Parsed[] } | { ok: false; items: ReportItem[] } {
  try {
    const records = parse(text, {
      bom: true,
      info: true,
      delimiter: delimiterOf(text),
      // Any line ending, even mixed in one file (an export edited by hand).
      record_delimiter: ['\r\n', '\n', '\r'],
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // A quote inside an unquoted field is a character, not a broken file.
      relax_quotes: true,
    }) as unknown as Parsed[];
    return { ok: true, records };
  } catch (err) {
    const where = err instanceof CsvError && typeof err.lines === 'number' ? `line ${err.lines}` : 'the file';
    const quote = err instanceof CsvError && err.code === 'CSV_QUOTE_NOT_CLOSED';
    const reason = quote
      ? 'a quoted field never closes: the file is cut short or a quote is missing'
      : `the CSV can't be read: ${err instanceof Error ? err.message : String(err)}`;
    return { ok: false, items: fileRefused(where, reason) };
  }
}

type Header<F extends string> = { width: number; at: ReadonlyMap<F, number> };

/** Where each field is in a header line, the first spelling of the field's list that the line has. */
function headerOf<F extends string>(cells: readonly string[], shape: CsvShape<F>): Header<F> {
  const index = new Map<string, number>();
  cells.forEach((cell, i) => {
    const key = columnKey(cell);
    if (key && !index.has(key)) index.set(key, i);
  });
  const at = new Map<F, number>();
  for (const field of Object.keys(shape.columns) as F[]) {
    const spelling = shape.columns[field].map(columnKey).find((key) => index.has(key));
    const i = spelling === undefined ? undefined : index.get(spelling);
    if (i !== undefined) at.set(field, i);
  }
  return { width: cells.length, at };
}

const missingOf = <F extends string>(header: Header<F>, shape: CsvShape<F>) =>
  shape.required.filter((f) => !header.at.has(f));

/** A report may open with a title or a summary before its header: the header is the first line with every column. */
const HEADER_SEARCH = 10;

/** The data rows of a CSV report, or the file's one refused item. */
export function readCsvRows<F extends string>(text: string, shape: CsvShape<F>): CsvRead<F> {
  if (text.replace(/^\uFEFF/, '').trim() === '')
    return { ok: false, items: fileRefused('line 1', `the file is empty: ${shape.name} starts with a header line`) };
  const parsed = parsedRecords(text);
  if (!parsed.ok) return parsed;
  let header: Header<F> | null = null;
  let firstMissing: F[] | null = null;
  const rows: CsvRow<F>[] = [];
  // A record starts after the previous one's last line and the empty lines skipped since.
  let lastLine = 0;
  let skipped = 0;
  for (const [n, { record, info }] of parsed.records.entries()) {
    const line = lastLine + 1 + (info.empty_lines - skipped);
    lastLine = line + breaksIn(record);
    skipped = info.empty_lines;
    if (!header) {
      const candidate = headerOf(record, shape);
      const missing = missingOf(candidate, shape);
      firstMissing ??= missing;
      if (missing.length === 0) header = candidate;
      else if (n + 1 >= HEADER_SEARCH) break;
      continue;
    }
    if (record.every((cell) => cell === '')) continue;
    rows.push(rowOf(header, record, `line ${line}`));
  }
  if (!header) {
    const names = (firstMissing ?? shape.required).map((f) => quoted(shape.columns[f][0] ?? f)).join(', ');
    return { ok: false, items: fileRefused('line 1', `the header has no ${names} column: this is not ${shape.name}`) };
  }
  return { ok: true, rows };
}

function rowOf<F extends string>(header: Header<F>, record: readonly string[], where: string): CsvRow<F> {
  const extra = record.slice(header.width).some((cell) => cell !== '');
  if (record.length < header.width || extra)
    return { where, cells: {}, problem: `the row has ${record.length} fields where the header has ${header.width}` };
  const cells: Partial<Record<F, string>> = {};
  for (const [field, i] of header.at) cells[field] = record[i];
  return { where, cells };
}

// ---- JSON ----

/** Where a JSON report keeps its records: the list, or why the document is not that report. */
export type JsonList = { ok: true; list: readonly JsonValue[] } | { ok: false; reason: string };

export interface JsonShape {
  /** The report's name in messages ("Admitad's statistics/actions JSON"). */
  name: string;
  list: (document: JsonValue) => JsonList;
}

export interface JsonRecord {
  where: string;
  record: JsonObject | null;
}

export type JsonRead = { ok: true; records: JsonRecord[] } | { ok: false; items: ReportItem[] };

/** Kinds of JSON values, for messages. */
export function jsonKind(value: JsonValue | undefined): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? 'text' : `a ${typeof value}`;
}

/** The network's own error message when it answered with one instead of records ({"error": …, "Message": …}). */
export function networkError(document: JsonValue, fields: readonly string[]): string {
  if (!isJsonObject(document)) return '';
  for (const field of fields) {
    const value = document[field];
    const text = isJsonObject(value) ? jsonText(value.message) : jsonText(value);
    if (text.trim()) return `; the network answered with an error: ${quoted(text.trim())}`;
  }
  return '';
}

/** A list found at `path` in the document (an object holding it, or the document itself when path is empty). */
export function listAt(
  document: JsonValue,
  path: readonly string[],
  name: string,
  errorFields: readonly string[],
): JsonList {
  let value: JsonValue | undefined = document;
  for (const key of path) value = isJsonObject(value) ? value[key] : undefined;
  if (Array.isArray(value)) return { ok: true, list: value };
  const where = path.length ? `"${path.join('.')}"` : 'the document';
  const what = path.length ? `${where} is ${jsonKind(value)}` : `the document is ${jsonKind(value)}`;
  return {
    ok: false,
    reason: `${what}, not a list of transactions: this is not ${name}${networkError(document, errorFields)}`,
  };
}

/** The records of a JSON report ("[3]": the index in its list, from 0), or the file's one refused item. */
export function readJsonRecords(text: string, shape: JsonShape): JsonRead {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '')
    return { ok: false, items: fileRefused('the file', `the file is empty: ${shape.name} is a JSON document`) };
  let document: JsonValue;
  try {
    document = JSON.parse(body) as JsonValue;
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).slice(0, 120);
    return { ok: false, items: fileRefused('the file', `the file is not JSON (${why}): ${shape.name} is expected`) };
  }
  const list = shape.list(document);
  if (!list.ok) return { ok: false, items: fileRefused('the top level', list.reason) };
  return {
    ok: true,
    records: list.list.map((value, i) => ({ where: `[${i}]`, record: isJsonObject(value) ? value : null })),
  };
}

/** A JSON record that is not an object can't be a transaction. */
export const NOT_AN_OBJECT = 'the record is not a JSON object';
