import { readFileSync } from 'node:fs';
import { TypeRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLICK_ID_PATTERN,
  NetworkTransaction,
  REPORT_FORMATS,
  type ReportFormat,
  type ReportItem,
  type TransactionState,
} from '../../../src/shared/contract/revenue';
import { currencyDigits, minorToDecimal, toMinorUnits } from '../../../src/shared/revenue/money';
import { REPORT_READERS, readReport } from '../../../src/shared/revenue/readers/index';
import { decimalText } from '../../../src/shared/revenue/readers/report-fields';

// Issue 31: every report reader, for any record its network could send (and for any text at all), keeps the
// invariants the contract lists for NetworkTransaction: integer minor units, commission ≥ 0, an upper-case ISO 4217
// code, an ISO 8601 UTC instant, a trimmed sub-ID or null; and reads a generated record back to what it says.

// The contract's NullableString and StringEnum are TypeBox Unsafe schemas, which Value cannot read by itself
// (src/shared/contract/domain-data.ts says the same): Value.Check is taught them by checking their JSON Schema.
const ajv = new Ajv({ strict: false });
const compiled = new WeakMap<object, ValidateFunction>();
TypeRegistry.Set<object>('Unsafe', (schema, value) => {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) === true;
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectItemKept(item: ReportItem): void {
  expect(item.where.trim()).not.toBe('');
  if (!item.ok) {
    expect(item.reason.trim()).not.toBe('');
    return;
  }
  const t = item.transaction;
  expect(Value.Check(NetworkTransaction, t), JSON.stringify(t)).toBe(true);
  expect(Number.isSafeInteger(t.commission_minor) && t.commission_minor >= 0).toBe(true);
  if (t.sale_minor !== null) expect(Number.isSafeInteger(t.sale_minor)).toBe(true);
  expect(t.currency).toMatch(/^[A-Z]{3}$/);
  expect(t.occurred_at).toMatch(ISO_UTC);
  expect(new Date(t.occurred_at).toISOString()).toBe(t.occurred_at);
  if (t.sub_id !== null) {
    expect(t.sub_id).toBe(t.sub_id.trim());
    expect(t.sub_id).not.toBe('');
  }
  expect(t.transaction_id).toBe(t.transaction_id.trim());
}

// ---- Generated records ----

/** One record as a network could send it, and what it should be read as. */
interface Spec {
  id: string;
  sub: string;
  currency: string;
  commission: number;
  sale: number | null;
  at: Date;
  advertiserId: string;
  advertiserName: string;
  /** The network's status word, and whether it says the publisher was paid. */
  word: string;
  paid: boolean;
  state: TransactionState;
  /** Which of the format's spellings to use for amounts and dates (each writer picks by it). */
  style: number;
}

const clickId = fc.stringMatching(new RegExp(CLICK_ID_PATTERN));
const CURRENCIES = ['GBP', 'EUR', 'USD', 'SEK', 'RUB', 'JPY', 'KRW', 'KWD', 'BHD'] as const;
const instant = fc
  .date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

/** A network's status words: each with the state it means, and whether a paid flag makes it paid. */
type Words = readonly (readonly [word: string, state: TransactionState])[];

const spec = (words: Words, paidFlag: boolean) =>
  fc
    .record({
      id: fc.stringMatching(/^[1-9][0-9]{5,11}$/),
      sub: fc.oneof(
        clickId,
        clickId.map((c) => ` ${c}\t`),
        fc.constant(''),
      ),
      currency: fc.constantFrom(...CURRENCIES).chain((c) => fc.constantFrom(c, c.toLowerCase())),
      commission: fc.integer({ min: 0, max: 9_999_999_999 }),
      sale: fc.option(fc.integer({ min: 0, max: 99_999_999_999 }), { nil: null }),
      at: instant,
      advertiserId: fc.stringMatching(/^[1-9][0-9]{2,7}$/),
      advertiserName: fc.oneof(fc.constantFrom('Orbit Electronics', 'Café "Noir", Ltd', 'Cedar\nHollow'), fc.string()),
      word: fc.constantFrom(...words),
      paid: fc.boolean(),
      style: fc.nat({ max: 5 }),
    })
    .map(({ word: [word, state], ...s }): Spec => ({
      ...s,
      word,
      state: state === 'approved' && s.paid && paidFlag ? 'paid' : state,
    }));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const code = (s: Spec) => s.currency.toUpperCase();
const plain = (minor: number, s: Spec) => minorToDecimal(minor, code(s));
const grouped = (minor: number, s: Spec, group: string, point: string) => {
  const [whole = '', fraction] = plain(minor, s).split('.');
  return whole.replace(/\B(?=(\d{3})+$)/g, group) + (fraction === undefined ? '' : point + fraction);
};
/** 'point' formats: plain or with thousands commas. 'auto' also a decimal comma, where no spelling is ambiguous. */
function amount(minor: number, s: Spec, style: 'point' | 'auto'): string {
  const digits = currencyDigits(code(s));
  if (s.style % 3 === 1 && (style === 'point' || digits > 0)) return grouped(minor, s, ',', '.');
  if (s.style % 3 === 2 && style === 'auto' && digits === 2) return grouped(minor, s, '.', ',');
  return plain(minor, s);
}
const isoLocal = (d: Date) => d.toISOString().slice(0, 19);
const ukDate = (d: Date) =>
  `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${isoLocal(d).slice(11)}`;
/** The instant at a UTC offset of `minutes`, spelled with it. */
function withOffset(d: Date, minutes: number): string {
  const local = isoLocal(new Date(d.getTime() + minutes * 60_000));
  const sign = minutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}
const OFFSETS = [0, -480, -420, 60, 330, 540, -210];
function usDate(d: Date, style: number): [string, string] {
  const year = style % 2 === 0 && d.getUTCFullYear() >= 2000 ? pad(d.getUTCFullYear() % 100) : d.getUTCFullYear();
  const day = `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${year}`;
  const h = d.getUTCHours();
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
  return [day, style % 3 === 0 ? clock : isoLocal(d).slice(11)];
}
const money = (minor: number | null, s: Spec) => (minor === null ? null : minor / 10 ** currencyDigits(code(s)));
const csvLine = (cells: readonly (string | null)[]) =>
  cells.map((c) => `"${(c ?? '').replace(/"/g, '""')}"`).join(',') + '\r\n';

/** Each format's report of the records, and the transaction id each record should be read with. */
const WRITERS: Record<
  ReportFormat,
  {
    words: Words;
    write: (specs: readonly Spec[]) => string;
    /** The transaction id a record is read with, when it is not the record's own id. */
    id?: (s: Spec) => string;
    /** The format has no paid flag: its states say it (CJ's closed) or it never does (Rakuten). */
    noPaidFlag?: true;
  }
> = {
  'awin-csv': {
    words: [
      ['pending', 'pending'],
      ['Approved', 'approved'],
      ['2', 'declined'],
      ['deleted', 'declined'],
      ['1', 'approved'],
    ],
    write: (specs) =>
      csvLine([
        'Transaction ID',
        'Advertiser ID',
        'Advertiser Name',
        'Click Ref',
        'Transaction Date',
        'Sale Amount',
      ]).replace('\r\n', ',"Commission Amount","Currency","Commission Status","Paid to publisher"\r\n') +
      specs
        .map((s) =>
          csvLine([
            s.id,
            s.advertiserId,
            s.advertiserName,
            s.sub,
            s.style % 2 ? ukDate(s.at) : isoLocal(s.at).replace('T', ' '),
            s.sale === null ? '' : amount(s.sale, s, 'auto'),
            amount(s.commission, s, 'auto'),
            s.currency,
            s.word,
            s.paid ? 'Yes' : 'No',
          ]),
        )
        .join(''),
  },
  'awin-json': {
    words: [
      ['pending', 'pending'],
      ['approved', 'approved'],
      ['declined', 'declined'],
      ['deleted', 'declined'],
    ],
    write: (specs) =>
      JSON.stringify(
        specs.map((s) => ({
          id: Number(s.id),
          advertiserId: Number(s.advertiserId),
          advertiserName: s.advertiserName,
          commissionStatus: s.word,
          commissionAmount: { amount: money(s.commission, s), currency: s.currency },
          saleAmount: { amount: money(s.sale, s), currency: s.currency },
          clickRefs: s.sub ? { clickRef: s.sub, clickRef2: 'x' } : {},
          transactionDate: isoLocal(s.at),
          paidToPublisher: s.paid,
        })),
      ),
  },
  'cj-json': {
    noPaidFlag: true,
    words: [
      ['new', 'pending'],
      ['EXTENDED', 'pending'],
      ['locked', 'approved'],
      ['closed', 'paid'],
    ],
    write: (specs) =>
      JSON.stringify({
        data: {
          publisherCommissions: {
            count: specs.length,
            payloadComplete: true,
            records: specs.map((s, i) => ({
              commissionId: `${s.id}${i}`,
              originalActionId: s.id,
              original: true,
              actionStatus: s.word,
              advertiserId: s.advertiserId,
              advertiserName: s.advertiserName,
              pubCommissionAmountUsd: minorToDecimal(s.commission, 'USD'),
              saleAmountUsd: s.sale === null ? null : minorToDecimal(s.sale, 'USD'),
              shopperId: s.sub || null,
              eventDate: s.style % 2 ? s.at.toISOString() : `${isoLocal(s.at)}Z`,
            })),
          },
        },
      }),
  },
  'impact-csv': {
    words: [
      ['PENDING', 'pending'],
      ['APPROVED', 'approved'],
      ['REVERSED', 'declined'],
    ],
    write: (specs) =>
      csvLine([
        'Action Id',
        'Campaign Id',
        'Campaign Name',
        'Status',
        'Sale Amount',
        'Payout',
        'Currency',
        'Sub Id 1',
      ]).replace('\r\n', ',"Action Date","Clearing Date"\r\n') +
      specs
        .map((s) =>
          csvLine([
            s.id,
            s.advertiserId,
            s.advertiserName,
            s.word,
            s.sale === null ? '' : amount(s.sale, s, 'point'),
            amount(s.commission, s, 'point'),
            s.currency,
            s.sub,
            withOffset(s.at, OFFSETS[s.style] ?? 0),
            s.paid ? withOffset(s.at, 0) : '',
          ]),
        )
        .join(''),
  },
  'impact-json': {
    words: [
      ['PENDING', 'pending'],
      ['APPROVED', 'approved'],
      ['REVERSED', 'declined'],
    ],
    write: (specs) =>
      JSON.stringify({
        '@page': '1',
        Actions: specs.map((s) => ({
          Id: s.id,
          CampaignId: s.advertiserId,
          CampaignName: s.advertiserName,
          State: s.word,
          Payout: plain(s.commission, s),
          IntendedPayout: plain(s.commission, s),
          Amount: s.sale === null ? '' : plain(s.sale, s),
          Currency: s.currency,
          SubId1: s.sub,
          EventDate: withOffset(s.at, OFFSETS[s.style] ?? 0),
          ClearedDate: s.paid ? withOffset(s.at, -480) : '',
        })),
      }),
  },
  'rakuten-csv': {
    noPaidFlag: true,
    words: [
      ['', 'pending'],
      ['Locked', 'approved'],
      ['pending', 'pending'],
      ['Declined', 'declined'],
    ],
    write: (specs) =>
      csvLine([
        'Member ID (U1)',
        'MID',
        'Advertiser Name',
        'Order ID',
        'Transaction Date',
        'Transaction Time',
        'SKU',
      ]).replace('\r\n', ',"Sales","Total Commission","Currency","Status"\r\n') +
      specs
        .map((s) =>
          csvLine([
            s.sub,
            s.advertiserId,
            s.advertiserName,
            `O-${s.id}`,
            ...usDate(s.at, s.style),
            `SKU-${s.style}`,
            s.sale === null ? '' : amount(s.sale, s, 'point'),
            amount(s.commission, s, 'point'),
            s.currency,
            s.word,
          ]),
        )
        .join(''),
    id: (s) => `${s.advertiserId}:O-${s.id}:SKU-${s.style}`,
  },
  'tradedoubler-json': {
    words: [
      ['A', 'approved'],
      ['P', 'pending'],
      ['D', 'declined'],
      ['approved', 'approved'],
    ],
    write: (specs) =>
      JSON.stringify({
        items: specs.map((s) => ({
          transactionId: s.id,
          programId: Number(s.advertiserId),
          programName: s.advertiserName,
          timeOfTransaction: s.style % 2 ? s.at.getTime() : withOffset(s.at, OFFSETS[s.style] ?? 60),
          orderValue: money(s.sale, s),
          commission: money(s.commission, s),
          currency: s.currency,
          status: s.word,
          paid: s.paid,
          epi1: s.sub,
        })),
        total: specs.length,
      }),
  },
  'admitad-json': {
    words: [
      ['pending', 'pending'],
      ['approved', 'approved'],
      ['declined', 'declined'],
      ['approved_but_stalled', 'approved'],
    ],
    write: (specs) =>
      JSON.stringify({
        results: specs.map((s) => ({
          action_id: Number(s.id),
          status: s.word,
          payment: s.style % 2 ? money(s.commission, s) : plain(s.commission, s),
          cart: money(s.sale, s),
          currency: s.currency,
          subid: s.sub || null,
          action_date: isoLocal(s.at).replace('T', ' '),
          paid: s.paid ? 1 : 0,
          advcampaign_id: Number(s.advertiserId),
          advcampaign_name: s.advertiserName,
        })),
        _meta: { count: specs.length, limit: 500, offset: 0 },
      }),
  },
};

/** Records of one report: distinct ids (a report lists a transaction once). */
const specsFor = (format: ReportFormat) =>
  fc.uniqueArray(spec(WRITERS[format].words, !WRITERS[format].noPaidFlag), {
    minLength: 1,
    maxLength: 8,
    selector: (s) => s.id,
  });

describe('report readers, on the records their networks send', () => {
  for (const format of REPORT_FORMATS) {
    it(`${format}: reads each record back to what it says, keeping the contract`, () => {
      const writer = WRITERS[format];
      fc.assert(
        fc.property(specsFor(format), (specs) => {
          const items = REPORT_READERS[format](writer.write(specs));
          expect(items).toHaveLength(specs.length);
          items.forEach((item, i) => {
            expectItemKept(item);
            const s = specs[i] as Spec;
            if (!item.ok) throw new Error(`${item.where}: ${item.reason}`);
            expect(item.transaction).toMatchObject({
              transaction_id: writer.id ? writer.id(s) : s.id,
              sub_id: s.sub.trim() || null,
              state: s.state,
              commission_minor: s.commission,
              sale_minor: s.sale,
              currency: format === 'cj-json' ? 'USD' : code(s),
              occurred_at: s.at.toISOString(),
              advertiser_id: s.advertiserId,
            });
          });
        }),
      );
    });
  }

  it('folds CJ and Rakuten corrections into sales that still keep the contract', () => {
    const corrections = fc.array(fc.tuple(fc.nat(7), fc.integer({ min: 0, max: 100 })), { maxLength: 6 });
    fc.assert(
      fc.property(specsFor('cj-json'), corrections, (specs, takes) => {
        const document = JSON.parse(WRITERS['cj-json'].write(specs)) as {
          data: { publisherCommissions: { records: Record<string, unknown>[] } };
        };
        const records = document.data.publisherCommissions.records;
        for (const [at, percent] of takes) {
          const s = specs[at % specs.length] as Spec;
          const back = -Math.round((s.commission * percent) / 100);
          records.push({
            ...records[at % specs.length],
            commissionId: `c${records.length}`,
            original: false,
            pubCommissionAmountUsd: minorToDecimal(back, 'USD'),
          });
        }
        const items = readReport('cj-json', JSON.stringify(document));
        expect(items).toHaveLength(records.length);
        items.forEach(expectItemKept);
        expect(items.filter((i) => i.ok)).toHaveLength(specs.length);
      }),
    );
  });
});

// ---- Any text at all ----

const fixtures = REPORT_FORMATS.map((format) =>
  readFileSync(
    new URL(`../../fixtures/revenue/${format}.${format.endsWith('csv') ? 'csv' : 'json'}`, import.meta.url),
    'utf8',
  ),
);
/** A fixture cut, spliced and patched: what a truncated download or a hand-edited export looks like. */
const mangled = fc
  .tuple(
    fc.constantFrom(...fixtures),
    fc.nat(),
    fc.nat(),
    fc.oneof(fc.string(), fc.constantFrom('"', ',', '\n', '{', ']', '-')),
  )
  .map(([text, a, b, patch]) => text.slice(0, a % (text.length + 1)) + patch + text.slice(b % (text.length + 1)));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json(), mangled);

describe('report readers, on any text', () => {
  it('never throw, and every item keeps the contract or says why not', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...REPORT_FORMATS), (text, format) => {
        const items = REPORT_READERS[format](text);
        expect(Array.isArray(items)).toBe(true);
        items.forEach(expectItemKept);
      }),
      { numRuns: 400 },
    );
  });
});

// ---- Money ----

const currency = fc.constantFrom(...CURRENCIES);

describe('minor units', () => {
  it('toMinorUnits reads back what minorToDecimal writes, for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), currency, (minor, c) => {
        expect(toMinorUnits(minorToDecimal(minor, c), c)).toBe(minor);
      }),
    );
  });

  it('rounds extra digits half away from zero, exactly (no binary floating point)', () => {
    const decimal = fc.tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,12}$/), fc.stringMatching(/^[0-9]{0,8}$/));
    fc.assert(
      fc.property(decimal, currency, ([negative, whole, fraction], c) => {
        const digits = currencyDigits(c);
        const scaled = BigInt(whole + (fraction + '0'.repeat(digits)).slice(0, digits));
        const up = (fraction[digits] ?? '0') >= '5' ? 1n : 0n;
        const expected = Number(scaled + up) * (negative ? -1 : 1);
        const text = `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
        expect(toMinorUnits(text, c)).toBe(expected === 0 ? 0 : expected);
      }),
    );
  });

  it('reads an amount the same with or without thousands separators', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), currency, (minor, c) => {
        const text = minorToDecimal(minor, c);
        const [whole = '', fraction] = text.split('.');
        const us = whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined ? '' : `.${fraction}`);
        expect(decimalText(us, 'point')).toEqual({ ok: true, value: text });
        if (currencyDigits(c) === 2) {
          const eu = whole.replace(/\B(?=(\d{3})+$)/g, '.') + `,${fraction ?? ''}`;
          expect(decimalText(eu, 'auto')).toEqual({ ok: true, value: text });
        }
      }),
    );
  });
});
