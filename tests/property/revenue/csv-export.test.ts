import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RevenueFigures, RevenueRow, RevenueView } from '../../../src/shared/contract/revenue';
import { csvCell, csvRows, FORMULA_STARTS, revenueCsv, type CsvValue } from '../../../src/shared/revenue/csv-export';
import { toMinorUnits } from '../../../src/shared/revenue/money';

// Issue 31: the CSV export for any text a label may hold (feeds write store names and coupon titles). Read back by a
// CSV parser (csv-parse), a text cell is the text itself or the text behind one leading `'`; no text cell starts
// with a formula character; our own numbers come back as plain numbers; every record is as wide as the first.

/** Text with the characters that matter here over-represented, and any Unicode besides. */
const tricky = fc.oneof(
  fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', 'a', '1', '.') }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
);
const startsWithFormula = (s: string) => FORMULA_STARTS.some((c) => s.startsWith(c));
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/** Parses CSV text strictly (every record as wide as the first; a broken quote throws). */
const read = (csv: string) => parse(csv, { relax_quotes: false }) as string[][];

describe('CSV export, any text', () => {
  it('reads back as the text, or the text behind one leading quote exactly when it starts with a formula character', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        // A second cell keeps an empty text from making an empty line.
        const [[cell, after]] = read(csvRows([[text, 'end']])) as [[string, string]];
        expect(after).toBe('end');
        expect(cell).toBe(startsWithFormula(text) ? `'${text}` : text);
        expect(startsWithFormula(cell)).toBe(false);
      }),
    );
  });

  it('keeps every record as wide as the header, whatever the cells hold', () => {
    const value: fc.Arbitrary<CsvValue> = fc.oneof(
      tricky,
      fc.double(),
      fc.integer({ min: -1e12, max: 1e12 }),
      fc.constant(null),
      tricky.map((decimal) => ({ decimal })),
      fc.tuple(fc.boolean(), fc.nat(), fc.nat(99)).map(([neg, a, b]) => ({ decimal: `${neg ? '-' : ''}${a}.${b}` })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.array(value), { maxLength: 6 }), (width, cells) => {
        const rows = cells.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? null));
        const records = read(csvRows([Array.from({ length: width }, (_, i) => `h${i}`), ...rows]));
        expect(records).toHaveLength(rows.length + 1);
        for (const [r, record] of records.slice(1).entries()) {
          expect(record).toHaveLength(width);
          for (const [i, cell] of record.entries()) {
            const given = rows[r]![i]!;
            // Only a plain number of ours starts with "-" unquoted; nothing else starts with a formula character.
            if (startsWithFormula(cell)) {
              expect(typeof given === 'string' || given === null).toBe(false);
              expect(cell).toMatch(PLAIN_NUMBER);
            }
            if (typeof given === 'string') expect([given, `'${given}`]).toContain(cell);
            // (-0 is written 0: the same amount.)
            if (typeof given === 'number' && Number.isFinite(given)) expect(Number(cell) === given).toBe(true);
          }
        }
      }),
    );
  });

  it('a single cell of text is one quoted field or one bare field with no separator in it', () => {
    fc.assert(
      fc.property(tricky, (text) => {
        const cell = csvCell(text);
        const bare = !cell.startsWith('"');
        if (bare) expect(cell).not.toMatch(/[",\r\n]/);
        else expect(cell.slice(1, -1)).not.toMatch(/(^|[^"])"(?!")/);
      }),
    );
  });
});

const CURRENCIES = ['EUR', 'USD', 'JPY', 'KWD'] as const;
const amount = fc.integer({ min: -1e9, max: 1e12 });
const figures: fc.Arbitrary<RevenueFigures> = fc.record({
  clicks: fc.nat(1e7),
  transactions: fc.nat(1e6),
  conversion: fc.double({ min: 0, max: 1, noNaN: true }),
  pending_minor: amount,
  approved_minor: amount,
  paid_minor: amount,
  declined_minor: amount,
  epc_minor: fc.double({ min: 0, max: 1e9, noNaN: true }),
});
const row: fc.Arbitrary<RevenueRow> = fc
  .tuple(tricky, tricky, figures)
  .map(([key, label, f]) => ({ key, label, ...f }));
const view: fc.Arbitrary<RevenueView> = fc.record({
  from: fc.constant('2026-11-08'),
  to: fc.constant('2026-12-07'),
  by: fc.constantFrom('tenant', 'store', 'coupon', 'network', 'layout'),
  currency: fc.constantFrom(...CURRENCIES),
  totals: figures,
  rows: fc.array(row, { maxLength: 8 }),
  days: fc.constant([]),
  unconverted: fc.constant([]),
  unmatched: fc.nat(),
});

describe('revenueCsv, any view', () => {
  it('has a header, a record per group and the totals, each ten cells; labels and amounts read back', () => {
    fc.assert(
      fc.property(view, (v) => {
        const records = read(revenueCsv(v));
        expect(records).toHaveLength(v.rows.length + 2);
        expect(new Set(records.map((r) => r.length))).toEqual(new Set([10]));
        const groups = records.slice(1, -1);
        const total = records[records.length - 1]!;
        expect(total.slice(0, 2)).toEqual(['Total', '']);
        for (const [i, record] of groups.entries()) {
          const r = v.rows[i]!;
          expect([r.label, `'${r.label}`]).toContain(record[0]);
          expect([r.key, `'${r.key}`]).toContain(record[1]);
          expect(Number(record[2])).toBe(r.clicks);
          // The amounts, in the currency's digits, are the minor units exactly.
          const amounts = [r.pending_minor, r.approved_minor, r.paid_minor, r.declined_minor];
          expect(record.slice(5, 9).map((cell) => toMinorUnits(cell, v.currency))).toEqual(amounts);
          expect(toMinorUnits(record[9]!, v.currency)).toBe(Math.round(r.epc_minor));
        }
        for (const record of records)
          for (const cell of record) if (startsWithFormula(cell)) expect(cell).toMatch(/^-\d+(\.\d+)?$/);
      }),
    );
  });
});
