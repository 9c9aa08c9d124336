import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { FeedItem, FeedMapResult } from '../../../shared/contract/feeds';
import {
  AWIN_COLUMNS,
  AWIN_REQUIRED_COLUMNS,
  mapAwinCsv,
  type AwinColumn,
  type AwinVoucherRow,
} from '../../../shared/feeds/awin-csv';
import { FeedFormatError } from './feed-error';

// Issue 30: Awin's voucher CSV (src/shared/feeds/awin-csv.ts maps each row), parsed by csv-parse as the bytes arrive.
// The header names the columns (trimmed; a byte-order mark is dropped; Awin's spelling in any case); quoted fields
// may hold commas and line breaks. A header without Promotion ID, Advertiser ID or Deeplink Tracking, or a quote that
// never closes (a file cut short), is a FeedFormatError; a row with more or fewer fields than the header is refused.

/** The most one record may hold: a broken quote then costs 1 MB, not the rest of the file. */
const RECORD_MAX = 1024 * 1024;

/** What csv-parse tells of each record (option `info`). */
interface Info {
  empty_lines: number;
}

/**
 * The line breaks inside a record's fields (quoted ones): the lines it spans past its first. csv-parse's own line
 * count takes a CRLF inside quotes for two lines.
 */
const breaksIn = (cells: readonly string[]) => cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

/** Where each of Awin's columns is in the file's header. */
type Header = { width: number; at: ReadonlyMap<AwinColumn, number> };

const KNOWN = new Map<string, AwinColumn>(AWIN_COLUMNS.map((c) => [c.toLowerCase(), c]));

function readHeader(cells: readonly string[]): Header {
  const at = new Map<AwinColumn, number>();
  cells.forEach((cell, i) => {
    const column = KNOWN.get(cell.trim().replace(/\s+/g, ' ').toLowerCase());
    if (column && !at.has(column)) at.set(column, i);
  });
  const missing = AWIN_REQUIRED_COLUMNS.filter((c) => !at.has(c));
  if (missing.length)
    throw new FeedFormatError(
      `the header has no ${missing.map((c) => `"${c}"`).join(', ')} column: this is not Awin's voucher CSV`,
      'line 1',
    );
  return { width: cells.length, at };
}

function mapRow(header: Header, cells: readonly string[]): FeedMapResult {
  if (cells.length !== header.width)
    return { ok: false, reason: `the row has ${cells.length} fields where the header has ${header.width}` };
  const row: AwinVoucherRow = {};
  for (const [column, i] of header.at) row[column] = cells[i];
  return mapAwinCsv(row);
}

function unreadable(err: CsvError): FeedFormatError {
  const where = typeof err.lines === 'number' ? `line ${err.lines}` : null;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED')
    return new FeedFormatError('a quoted field never closes: the file is cut short or a quote is missing', where);
  if (err.code === 'CSV_MAX_RECORD_SIZE')
    return new FeedFormatError('a record is larger than 1 MB: a quote is probably missing', where);
  return new FeedFormatError(`the CSV can't be read: ${err.message}`, where);
}

/** Each row of Awin's voucher CSV as it is read, mapped or with why not. */
export async function* readAwinCsv(input: Readable): AsyncGenerator<FeedItem> {
  const parser = parse({
    bom: true,
    info: true,
    // Spaces around a delimiter are not part of a field (`a, "b, c"` is two fields), and a header may have them.
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    // A quote inside an unquoted field (`24" monitor`) is a character, not a broken file.
    relax_quotes: true,
    max_record_size: RECORD_MAX,
  });
  // Errors reach the loop through the parser; this only keeps the pipeline's own rejection from going unhandled
  // (it also rejects when the loop stops early, which destroys the parser and the input).
  const piping = pipeline(input, parser).catch(() => undefined);
  let header: Header | null = null;
  // A record starts after the previous one's last line and the empty lines skipped since.
  let lastLine = 0;
  let skipped = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      const line = lastLine + 1 + (info.empty_lines - skipped);
      lastLine = line + breaksIn(record);
      skipped = info.empty_lines;
      if (!header) header = readHeader(record);
      else yield { where: `line ${line}`, ...mapRow(header, record) };
    }
  } catch (err) {
    throw err instanceof CsvError ? unreadable(err) : err;
  } finally {
    // Stopped early (or failed): the input is released before the generator returns.
    parser.destroy();
    await piping;
  }
  if (!header) throw new FeedFormatError('the file is empty: it has no header line', 'line 1');
}
