import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awinDate, mapAwinCsv, type AwinVoucherRow } from '../../../src/shared/feeds/awin-csv';
import { isFreeShipping } from '../../../src/shared/rules/offer-type';
import { assertContractKept, feedText, feedUrl, instant, mostly, pad } from './text-feed-invariants';

// Issue 30: Awin's voucher CSV mapping, for any row Awin (or a broken export) could hold.

/** An instant as Awin prints it: dd/mm/yyyy HH:MM:SS. */
const awinSpelling = (d: Date) =>
  `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ` +
  `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

const date = mostly(
  fc.oneof(
    instant.map(awinSpelling),
    instant.map((d) => awinSpelling(d).slice(0, 10)),
    fc.constantFrom('', '1/2/2027 9:05', '2026-10-01'),
  ),
  fc.oneof(fc.constantFrom('31/02/2031 23:59:59', '10/32/2026', '01/13/2026 00:00:00'), feedText),
);
const type = mostly(
  fc.constantFrom('Voucher', 'Promotion', 'Vouchers Only', 'Promotions Only', 'voucher', 'Free Shipping', ''),
  fc.oneof(fc.constantFrom('Cashback', 'Sale'), feedText),
);
const code = mostly(fc.stringMatching(/^ ?[A-Z0-9]{3,12} ?$/), fc.oneof(fc.constantFrom('', ' ', 'N/A'), feedText));
const id = (digits: RegExp) => mostly(fc.stringMatching(digits), feedText);

const row: fc.Arbitrary<AwinVoucherRow> = fc.record(
  {
    'Promotion ID': id(/^[1-9][0-9]{5,7}$/),
    Advertiser: feedText,
    'Advertiser ID': id(/^[1-9][0-9]{3,5}$/),
    Type: type,
    Code: code,
    Description: feedText,
    Starts: date,
    Ends: date,
    Categories: fc.oneof(fc.constantFrom('Fashion;Clothing & Accessories', 'Home & Garden, Lighting'), feedText),
    Terms: feedText,
    'Deeplink Tracking': feedUrl,
    Deeplink: feedUrl,
    Exclusive: fc.oneof(fc.constantFrom('true', 'false', 'Yes', 'No', ''), feedText),
    Title: feedText,
  },
  { requiredKeys: ['Promotion ID', 'Advertiser ID', 'Deeplink Tracking'] },
);

/** A row that maps (ids, a link, a title, dates in order), to check how Type and Code decide the kind. */
const goodRow = (over: AwinVoucherRow): AwinVoucherRow => ({
  'Promotion ID': '1843210',
  'Advertiser ID': '10502',
  'Deeplink Tracking': 'https://www.awin1.com/cread.php?awinmid=10502&awinaffid=1',
  Starts: '01/10/2026 00:00:00',
  Ends: '31/12/2030 23:59:59',
  ...over,
});

describe('Awin voucher CSV mapping', () => {
  it('never throws, and every offer keeps the contract', () => {
    assertContractKept(row, mapAwinCsv);
  });

  it('reads a date printed in Awin spelling back to the same instant (UTC)', () => {
    fc.assert(
      fc.property(instant, (d) => {
        expect(awinDate(awinSpelling(d), 'start')).toEqual({ ok: true, value: d.toISOString() });
        expect(awinDate(awinSpelling(d), 'end')).toEqual({ ok: true, value: d.toISOString() });
      }),
    );
  });

  it('takes a day without a time as its first second to start, its last second to end', () => {
    fc.assert(
      fc.property(instant, (d) => {
        const day = awinSpelling(d).slice(0, 10);
        const iso = d.toISOString().slice(0, 10);
        expect(awinDate(day, 'start')).toEqual({ ok: true, value: `${iso}T00:00:00.000Z` });
        expect(awinDate(day, 'end')).toEqual({ ok: true, value: `${iso}T23:59:59.000Z` });
      }),
    );
  });

  it('makes a voucher a code, refuses a voucher without one, and never gives a promotion a code it lacks', () => {
    const title = fc.stringMatching(/^[A-Za-z0-9%£ ]{1,40}$/).filter((t) => t.trim() !== '');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{3,12}$/), title, fc.constantFrom(' ', '', 'N/A'), (c, t, blank) => {
        const voucher = mapAwinCsv(goodRow({ Type: 'Voucher', Code: ` ${c} `, Title: t }));
        expect(voucher).toMatchObject({ ok: true, offer: { kind: 'code', code: c } });
        expect(mapAwinCsv(goodRow({ Type: 'Vouchers Only', Code: blank, Title: t }))).toEqual({
          ok: false,
          reason: 'Awin lists it as a voucher but gives no code',
        });
        const promotion = mapAwinCsv(goodRow({ Type: 'Promotion', Code: blank, Title: t }));
        expect(promotion).toMatchObject({ ok: true, offer: { code: null } });
        if (promotion.ok) expect(promotion.offer.kind).toBe(isFreeShipping(t, '') ? 'free-shipping' : 'deal');
      }),
    );
  });

  it('keeps a percentage or amount in the title as Awin wrote it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.constantFrom('%', '£'), (n, unit) => {
        const title = unit === '%' ? `${n}% off everything` : `£${n} off orders over £${n * 4}`;
        const result = mapAwinCsv(goodRow({ Type: 'Promotion', Title: title }));
        expect(result).toMatchObject({ ok: true, offer: { title, kind: 'deal' } });
      }),
    );
  });
});
