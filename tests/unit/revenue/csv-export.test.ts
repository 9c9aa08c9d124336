import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { RevenueFigures, RevenueView } from '../../../src/shared/contract/revenue';
import { csvCell, csvRows, revenueCsv } from '../../../src/shared/revenue/csv-export';

// Issue 31: the Revenue tab's CSV export. RFC 4180 quoting, formula cells neutralised with a leading quote, our own
// numbers (negative ones too) left bare, and the view's table with its totals as decimals of its currency.

describe('csvCell', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('prefixes a text starting with a formula character with a single quote', () => {
    expect(csvCell('=HYPERLINK("http://x.example","click")')).toBe(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Only the first character counts; a quote already there stays as it was.
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell("'=1")).toBe("'=1");
  });

  it('writes our own numbers bare, negative ones too, but a text that looks like one is a text', () => {
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(0.125)).toBe('0.125');
    expect(csvCell(-0)).toBe('0');
    expect(csvCell({ decimal: '-12.30' })).toBe('-12.30');
    expect(csvCell({ decimal: '1234' })).toBe('1234');
    expect(csvCell('-12')).toBe("'-12");
    // A "number" that is none goes through the text rule.
    expect(csvCell(Number.NaN)).toBe('NaN');
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
    expect(csvCell({ decimal: '-1+2' })).toBe("'-1+2");
    expect(csvCell({ decimal: '=1' })).toBe("'=1");
  });

  it('ends every record with CRLF', () => {
    expect(
      csvRows([
        ['a', 1],
        ['b,c', null],
      ]),
    ).toBe('a,1\r\n"b,c",\r\n');
  });
});

const figures = (over: Partial<RevenueFigures> = {}): RevenueFigures => ({
  clicks: 0,
  transactions: 0,
  conversion: 0,
  pending_minor: 0,
  approved_minor: 0,
  paid_minor: 0,
  declined_minor: 0,
  epc_minor: 0,
  ...over,
});

const view: RevenueView = {
  from: '2026-11-08',
  to: '2026-12-07',
  by: 'store',
  currency: 'EUR',
  totals: figures({
    clicks: 1200,
    transactions: 31,
    conversion: 0.025,
    pending_minor: 12_030,
    approved_minor: 4_500,
    paid_minor: 100_000,
    declined_minor: 990,
    epc_minor: 9_710.8333,
  }),
  rows: [
    {
      key: 'paws',
      label: 'Paws & Whiskers, "the" pet shop',
      ...figures({ clicks: 1000, transactions: 30, conversion: 0.029, pending_minor: 12_030, paid_minor: 100_000 }),
      epc_minor: 11_203,
    },
    {
      key: 'evil',
      label: "=cmd|' /C calc'!A0",
      ...figures({ clicks: 200, transactions: 1, approved_minor: 4_500, declined_minor: 990, epc_minor: 2_250 }),
    },
  ],
  days: [],
  unconverted: [],
  unmatched: 0,
};

describe('revenueCsv', () => {
  it('writes the header, a record per group and the totals, amounts as decimals of the currency', () => {
    expect(revenueCsv(view).split('\r\n')).toEqual([
      'Store,Key,Clicks,Transactions,Conversion (%),Pending (EUR),Approved (EUR),Paid (EUR),Declined (EUR),EPC per 100 clicks (EUR)',
      '"Paws & Whiskers, ""the"" pet shop",paws,1000,30,2.90,120.30,0.00,1000.00,0.00,112.03',
      "'=cmd|' /C calc'!A0,evil,200,1,0.00,0.00,45.00,0.00,9.90,22.50",
      'Total,,1200,31,2.50,120.30,45.00,1000.00,9.90,97.11',
      '',
    ]);
  });

  it('reads back in a CSV parser with every record as wide as the header', () => {
    const records = parse(revenueCsv(view)) as string[][];
    expect(records).toHaveLength(4);
    expect(new Set(records.map((r) => r.length))).toEqual(new Set([10]));
    expect(records[1]![0]).toBe('Paws & Whiskers, "the" pet shop');
    expect(records[2]![0]).toBe("'=cmd|' /C calc'!A0");
  });

  it('writes a currency in its own minor-unit digits, and a negative amount as a plain number', () => {
    const yen: RevenueView = {
      ...view,
      by: 'layout',
      currency: 'JPY',
      rows: [{ key: 'v1', label: 'home-a', ...figures({ clicks: 3, pending_minor: 1234, declined_minor: -50 }) }],
      totals: figures({ clicks: 3, pending_minor: 1234, declined_minor: -50, epc_minor: 41_133.4 }),
    };
    const [header, row, total] = parse(revenueCsv(yen)) as string[][];
    expect(header![0]).toBe('Layout variant');
    expect(header![5]).toBe('Pending (JPY)');
    expect(row).toEqual(['home-a', 'v1', '3', '0', '0.00', '1234', '0', '0', '-50', '0']);
    expect(total!.slice(-2)).toEqual(['-50', '41133']);
    const dinar = revenueCsv({ ...yen, currency: 'KWD' });
    expect(dinar).toContain(',1.234,');
  });
});
