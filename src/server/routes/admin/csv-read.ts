import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { ImportRowError } from '../../../shared/contract/admin';

// Reading an affiliate feed's CSV as it arrives (issue 24, docs/decisions/026-streamed-csv-import.md): the request body
// is never one string; each record is handed on as soon as it is parsed, and reading stops at the first row past the
// cap or the first byte past the size limit, so a file over either costs what the cap allows and no more.

export const MAX_ROWS = 50_000;
/** The most a CSV import may send (Content-Length, or bytes counted while reading a body without one). */
export const MAX_BYTES = 20 * 1024 * 1024;
/**
 * The longest the reading keeps the event loop before letting other requests in. A 64 KB read is a thousand rows or
 * more and the stream hands them on without a turn of the loop in between; checked in one go they held every other
 * tenant's requests for 100–900 ms at a time.
 */
const SLICE_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface CsvRecord {
  /** Where the record starts in the file; the header is line 1. */
  line: number;
  cells: Record<string, string>;
}

/** What csv-parse tells of each record (option `info`). */
interface Info {
  lines: number;
  empty_lines: number;
}

export interface CsvColumns {
  required: readonly string[];
  optional: readonly string[];
}

export type CsvRead =
  /** Every record was handed on; `rows` of them. */
  | { outcome: 'read'; rows: number }
  /** The file cannot be imported as it is: unreadable, a required column missing, or no rows. */
  | { outcome: 'refused'; errors: ImportRowError[] }
  /** Over the row cap or the size limit; reading stopped there. */
  | { outcome: 'too-large'; rows: number; error: ImportRowError };

const number = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export function tooManyBytes(rows: number, limit = MAX_BYTES): CsvRead {
  return {
    outcome: 'too-large',
    rows,
    error: { line: 1, message: `The file is larger than ${megabytes(limit)}, the most one import takes: split it.` },
  };
}

function tooManyRows(line: number, limit: number): CsvRead {
  return {
    outcome: 'too-large',
    rows: limit + 1,
    error: {
      line,
      message:
        `Row ${number(limit + 1)} (line ${number(line)}) is past the limit of ${number(limit)} rows per file: ` +
        'the rest was not read. Split the file.',
    },
  };
}

/** Ends the reading early with this answer. */
class Stop extends Error {
  constructor(readonly read: CsvRead) {
    super('stop reading');
  }
}

/**
 * Parses `body` record by record, handing each to `onRecord` (which may throw to end the reading: the error is
 * rethrown). The body is only read, never destroyed, so the caller can still answer on its connection.
 */
export async function readCsv(
  body: Readable,
  columns: CsvColumns,
  onRecord: (record: CsvRecord) => void,
  limits: { rows: number; bytes: number } = { rows: MAX_ROWS, bytes: MAX_BYTES },
): Promise<CsvRead> {
  let header: string[] | null = null;
  const missingColumns = (): CsvRead | null => {
    const names = new Set(header ?? []);
    const missing = columns.required.filter((c) => !names.has(c));
    return missing.length
      ? { outcome: 'refused', errors: [{ line: 1, message: `Missing column(s): ${missing.join(', ')}` }] }
      : null;
  };
  let rows = 0;
  let bytes = 0;
  // A record's info is taken when it ends: it starts after the previous one's last line and the empty lines between.
  let prevEnd = 1;
  let prevEmpty = 0;
  const parser = parse({
    bom: true,
    columns: (names: string[]) => (header = names.map((h) => String(h).trim().toLowerCase())),
    info: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: false,
  });

  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const read of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
      const chunk = typeof read === 'string' ? Buffer.from(read) : read;
      bytes += chunk.length;
      if (bytes > limits.bytes) throw new Stop(tooManyBytes(rows, limits.bytes));
      yield chunk;
    }
  }
  async function records(parsed: AsyncIterable<{ record: Record<string, string>; info: Info }>): Promise<void> {
    let sliceStart = performance.now();
    for await (const { record, info } of parsed) {
      if (rows % 64 === 0 && performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      const line = prevEnd + 1 + (info.empty_lines - prevEmpty);
      prevEnd = info.lines;
      prevEmpty = info.empty_lines;
      if (rows === 0) {
        const refused = missingColumns();
        if (refused) throw new Stop(refused);
      }
      rows += 1;
      if (rows > limits.rows) throw new Stop(tooManyRows(line, limits.rows));
      onRecord({ line, cells: record });
    }
  }

  try {
    await pipeline(chunks, parser, records);
  } catch (err) {
    if (err instanceof Stop) return err.read;
    if (err instanceof CsvError) {
      const line = typeof err.lines === 'number' ? err.lines : 1;
      return { outcome: 'refused', errors: [{ line, message: `Unreadable CSV: ${err.message}` }] };
    }
    throw err;
  }
  const refused = missingColumns();
  if (refused) return refused;
  if (rows === 0) return { outcome: 'refused', errors: [{ line: 1, message: 'The file has no rows.' }] };
  return { outcome: 'read', rows };
}
