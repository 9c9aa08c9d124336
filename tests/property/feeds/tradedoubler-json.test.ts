import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mapTradedoublerJson,
  tradedoublerDate,
  type TradedoublerVoucher,
} from '../../../src/shared/feeds/tradedoubler-json';
import { isFreeShipping } from '../../../src/shared/rules/offer-type';
import { endInstant, field, startInstant } from './json-feed-values';
import { assertContractKept, feedText, feedUrl, instant, mostly } from './text-feed-invariants';

// Issue 30: Tradedoubler's vouchers mapping, for any voucher Tradedoubler (or a broken answer) could hold.

const date = (instants: fc.Arbitrary<Date>) =>
  mostly<number | string | null>(
    fc.oneof(
      instants.map((d) => d.getTime()),
      instants.map((d) => d.toISOString()),
      fc.constant(null),
    ),
    fc.oneof(fc.constantFrom(-1, 1.5, 1e20, '2031-02-30', '01.10.2026'), feedText),
  );

const voucher: fc.Arbitrary<TradedoublerVoucher> = fc.record(
  {
    id: field(fc.integer({ min: 1, max: 9_999_999 })),
    programId: field(fc.integer({ min: 1, max: 999_999 })),
    programName: field(feedText),
    code: field(mostly(fc.stringMatching(/^ ?[A-Z0-9]{3,12} ?$/), fc.constantFrom('', ' ', 'N/A'))),
    startDate: field(date(startInstant)),
    endDate: field(date(endInstant)),
    title: field(feedText),
    shortDescription: field(feedText),
    description: field(feedText),
    voucherTypeId: field(mostly(fc.integer({ min: 1, max: 4 }), fc.constantFrom(5, 0, 9))),
    defaultTrackUri: field(feedUrl),
    landingUrl: field(feedUrl),
    discountAmount: field(
      mostly(fc.oneof(fc.integer({ min: 0, max: 500 }), fc.double({ min: 0, max: 500 })), fc.constant(null)),
    ),
    isPercentage: field(fc.boolean()),
    exclusive: field(fc.boolean()),
    currencyId: field(fc.constantFrom('EUR', 'GBP', 'USD', 'SEK', 'NOK', 'PLN', 'CHF', 'XYZ', '')),
  },
  { requiredKeys: ['id', 'programId', 'defaultTrackUri', 'voucherTypeId'] },
);

/** A voucher that maps, to check what type, amount and currency make of it. */
const good = (over: TradedoublerVoucher): TradedoublerVoucher => ({
  id: 491203,
  programId: 310457,
  programName: 'Orbit Electronics',
  voucherTypeId: 2,
  defaultTrackUri: 'https://clk.tradedoubler.com/click?p=310457&a=3012345&g=24891203',
  ...over,
});

describe('Tradedoubler vouchers mapping', () => {
  it('never throws, and every offer keeps the contract', () => {
    assertContractKept(voucher, mapTradedoublerJson);
  });

  it('reads epoch milliseconds, as a number or as digits, back to the same instant', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 999 }), (d, ms) => {
        const at = new Date(d.getTime() + ms);
        fc.pre(at.getUTCFullYear() <= 9999);
        const iso = at.toISOString();
        expect(tradedoublerDate(at.getTime(), 'end')).toEqual({ ok: true, value: iso });
        expect(tradedoublerDate(String(at.getTime()), 'start')).toEqual({ ok: true, value: iso });
      }),
    );
  });

  it('says the discount as "N% off" or in the currency when the voucher has no headline', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 999 }), (p, n) => {
        const percent = mapTradedoublerJson(good({ discountAmount: p, isPercentage: true, currencyId: 'EUR' }));
        expect(percent).toMatchObject({ ok: true, offer: { title: `${p}% off` } });
        const euros = mapTradedoublerJson(good({ discountAmount: n, isPercentage: false, currencyId: 'EUR' }));
        expect(euros).toMatchObject({ ok: true, offer: { title: `€${n} off` } });
        const crowns = mapTradedoublerJson(good({ discountAmount: n, isPercentage: false, currencyId: 'SEK' }));
        expect(crowns).toMatchObject({ ok: true, offer: { title: `${n} kr off` } });
      }),
    );
  });

  it('never makes an offer of a raffle, and makes voucherTypeId 4 without a code free shipping', () => {
    fc.assert(
      fc.property(voucher, fc.stringMatching(/^[A-Za-z0-9 ]{0,40}$/), (v, title) => {
        expect(mapTradedoublerJson({ ...v, voucherTypeId: 5 }).ok).toBe(false);
        const free = mapTradedoublerJson(good({ title, code: '', voucherTypeId: 4, description: 'On all orders' }));
        expect(free).toMatchObject({ ok: true, offer: { kind: 'free-shipping' } });
        if (free.ok) expect(isFreeShipping(free.offer.title, '')).toBe(true);
      }),
    );
  });
});
