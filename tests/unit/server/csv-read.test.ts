import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readCsv, type CsvRecord } from '../../../src/server/routes/admin/csv-read';

// The import's CSV reader (issue 24): records are handed on as they are parsed, with the line each starts on, however
// the body is cut into chunks; reading stops at the first row past the cap or byte past the limit.
const COLUMNS = { required: ['store_key', 'name'], optional: ['slug'] };
const FILE = [
  '\uFEFFStore_Key, NAME ,slug',
  'a,Alpha,',
  '',
  'b,"Beta, with a comma",',
  'c,"Gamma',
  'on two lines",gamma',
  '\r',
  'd,Delta,',
].join('\n');

/** The text cut into chunks of `size` bytes, as a request body may arrive. */
const body = (text: string, size = Infinity) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += Math.min(size, bytes.length)) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
};

async function read(text: string, size?: number, limits?: { rows: number; bytes: number }) {
  const records: CsvRecord[] = [];
  const result = await readCsv(body(text, size), COLUMNS, (r) => records.push(r), limits);
  return { result, records };
}

describe('readCsv', () => {
  it('gives each record its first line, header names trimmed and lower-cased, whatever the chunks', async () => {
    const whole = await read(FILE);
    expect(whole.result).toEqual({ outcome: 'read', rows: 4 });
    expect(whole.records).toEqual([
      { line: 2, cells: { store_key: 'a', name: 'Alpha', slug: '' } },
      { line: 4, cells: { store_key: 'b', name: 'Beta, with a comma', slug: '' } },
      { line: 5, cells: { store_key: 'c', name: 'Gamma\non two lines', slug: 'gamma' } },
      { line: 8, cells: { store_key: 'd', name: 'Delta', slug: '' } },
    ]);
    for (const size of [1, 2, 3, 7, 64])
      expect((await read(FILE, size)).records, `chunks of ${size}`).toEqual(whole.records);
  });

  it('refuses a file without a required column, without rows, or unreadable, naming the line', async () => {
    expect((await read('store_key,slug\na,b\n')).result).toEqual({
      outcome: 'refused',
      errors: [{ line: 1, message: 'Missing column(s): name' }],
    });
    expect((await read('')).result).toMatchObject({ outcome: 'refused', errors: [{ line: 1 }] });
    expect((await read('store_key,name\n\n')).result).toEqual({
      outcome: 'refused',
      errors: [{ line: 1, message: 'The file has no rows.' }],
    });
    const ragged = await read('store_key,name\na,A\nb,B,extra\n', 5);
    expect(ragged.result).toMatchObject({ outcome: 'refused', errors: [{ line: 3 }] });
  });

  it('stops at the first row past the cap, naming it and its line, and reads no further', async () => {
    const lines = ['store_key,name', ...Array.from({ length: 20_000 }, (_, i) => `k${i},Name ${i}`)];
    lines.splice(3, 0, ''); // an empty line: row 11 is on line 13
    const source = body(lines.join('\n'), 256);
    const records: CsvRecord[] = [];
    const result = await readCsv(source, COLUMNS, (r) => records.push(r), { rows: 10, bytes: 1e6 });
    expect(result).toEqual({
      outcome: 'too-large',
      rows: 11,
      error: {
        line: 13,
        message: 'Row 11 (line 13) is past the limit of 10 rows per file: the rest was not read. Split the file.',
      },
    });
    expect(records).toHaveLength(10);
    expect(source.destroyed, 'the body is left to the caller').toBe(false);
    expect(source.readableEnded).toBe(false);
  });

  it('stops at the byte limit when the body did not declare its length', async () => {
    const text = `store_key,name\n${'k,v\n'.repeat(1000)}`;
    const { result, records } = await read(text, 100, { rows: 1e6, bytes: 2_000 });
    expect(result).toMatchObject({ outcome: 'too-large', error: { message: expect.stringContaining('larger than') } });
    expect(records.length).toBeLessThan(500);
  });

  it('passes on an error thrown for a record', async () => {
    const failing = readCsv(body('store_key,name\na,A\n'), COLUMNS, () => {
      throw new Error('no');
    });
    await expect(failing).rejects.toThrow('no');
  });
});
