import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapImpactJson, type ImpactAd } from '../../../src/shared/feeds/impact-json';
import { isFreeShipping } from '../../../src/shared/rules/offer-type';
import { endInstant, field, offsetMinutes, offsetSpelling, startInstant, wallTime } from './json-feed-values';
import { assertContractKept, feedText, feedUrl, instant, mostly } from './text-feed-invariants';

// Issue 30: Impact's Ads mapping, for any Ad Impact (or a broken answer) could hold.

/** An instant as Impact prints it: its wall time at an offset, `2026-01-01T00:00:00-08:00`. */
const impactSpelling = (d: Date, offset: number) =>
  `${wallTime(new Date(d.getTime() + offset * 60_000), 'T')}${offsetSpelling(offset)}`;
const inRange = (d: Date, offset: number) => {
  const year = new Date(d.getTime() + offset * 60_000).getUTCFullYear();
  return year >= 1970 && year <= 9999;
};

const date = (instants: fc.Arbitrary<Date>) =>
  mostly(
    fc.oneof(
      fc
        .tuple(instants, offsetMinutes)
        .filter(([d, m]) => inRange(d, m))
        .map(([d, m]) => impactSpelling(d, m)),
      fc.constantFrom('', '2026-10-01', '2030-12-31T23:59:59Z'),
    ),
    fc.oneof(fc.constantFrom('2031-02-30T23:59:59-08:00', '10/01/2026', '2026-10-01T25:00:00-07:00'), feedText),
  );
const amount = mostly(
  fc.oneof(fc.integer({ min: 1, max: 500 }).map(String), fc.constantFrom('10.00', '12.5', '0', '')),
  feedText,
);
const ids = (digits: RegExp) => field(mostly(fc.stringMatching(digits), feedText));

const ad: fc.Arbitrary<ImpactAd> = fc.record(
  {
    Id: ids(/^[1-9][0-9]{6}$/),
    Name: field(feedText),
    Description: field(feedText),
    CampaignId: ids(/^[1-9][0-9]{4}$/),
    CampaignName: field(feedText),
    Type: field(
      fc.oneof(
        { arbitrary: fc.constantFrom('COUPON', 'coupon'), weight: 12 },
        fc.constantFrom('BANNER', 'TEXT_LINK', ''),
      ),
    ),
    TrackingLink: field(feedUrl),
    LandingPageUrl: field(feedUrl),
    AdvertiserId: ids(/^[1-9][0-9]{6}$/),
    AdvertiserName: field(feedText),
    StartDate: field(date(startInstant)),
    EndDate: field(date(endInstant)),
    DealState: field(mostly(fc.constantFrom('ACTIVE', ''), fc.constantFrom('EXPIRED', 'PENDING', 'PAUSED'))),
    DealType: field(fc.constantFrom('GENERAL_SALE', 'FREE_SHIPPING', 'GIFT_WITH_PURCHASE', 'REBATE', 'BOGO', '')),
    DealPublic: field(fc.constantFrom('true', 'false', '')),
    DealCategories: field(fc.oneof(fc.constantFrom('Electronics', 'Fashion,Outerwear', ''), feedText)),
    DealDefaultPromoCode: field(mostly(fc.stringMatching(/^ ?[A-Z0-9]{3,12} ?$/), fc.constantFrom('', ' ', 'N/A'))),
    DiscountType: field(fc.constantFrom('PERCENT', 'FIXED', 'PERCENT_MAXIMUM', 'PERCENT_RANGE', 'FREE_SHIPPING', '')),
    DiscountAmount: field(amount),
    DiscountCurrency: field(fc.constantFrom('USD', 'EUR', 'GBP', 'SEK', 'JPY', '', 'usd', 'XX')),
    DiscountPercent: field(amount),
    DiscountMaximumPercent: field(amount),
    DiscountPercentRangeStart: field(amount),
    DiscountPercentRangeEnd: field(amount),
    MinimumPurchaseAmount: field(amount),
  },
  { requiredKeys: ['Id', 'Type', 'CampaignId', 'TrackingLink'] },
);

/** A coupon that maps, to check what the Deal's fields make of it. */
const coupon = (over: ImpactAd): ImpactAd => ({
  Id: '1587441',
  Type: 'COUPON',
  CampaignId: '16521',
  CampaignName: 'Orbit Electronics',
  TrackingLink: 'https://orbit-electronics.sjv.io/c/3318270/1587441/16521',
  ...over,
});

describe('Impact Ads mapping', () => {
  it('never throws, and every offer keeps the contract', () => {
    assertContractKept(ad, mapImpactJson);
  });

  it('reads a date printed in Impact spelling, at any offset, back to the same instant', () => {
    fc.assert(
      fc.property(instant, offsetMinutes, (d, m) => {
        fc.pre(inRange(d, m));
        const result = mapImpactJson(coupon({ Name: 'x', StartDate: impactSpelling(d, m) }));
        expect(result).toMatchObject({ ok: true, offer: { starts_at: d.toISOString() } });
      }),
    );
  });

  it('never makes an offer of a banner or a text link', () => {
    fc.assert(
      fc.property(ad, fc.constantFrom('BANNER', 'TEXT_LINK', 'banner'), (a, type) => {
        expect(mapImpactJson({ ...a, Type: type }).ok).toBe(false);
      }),
    );
  });

  it('says a percentage deal with a "%" when the ad has no Name, and a fixed one in its currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 999 }), (p, n) => {
        const percent = mapImpactJson(coupon({ DiscountType: 'PERCENT', DiscountPercent: String(p) }));
        expect(percent).toMatchObject({ ok: true, offer: { title: `${p}% off` } });
        const fixed = mapImpactJson(
          coupon({ DiscountType: 'FIXED', DiscountAmount: `${n}.00`, DiscountCurrency: 'GBP' }),
        );
        expect(fixed).toMatchObject({ ok: true, offer: { title: `£${n} off` } });
      }),
    );
  });

  it('makes a FREE_SHIPPING deal without a code free shipping, said in its title; with a code, a code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9$% ]{0,40}$/), fc.stringMatching(/^[A-Z0-9]{3,12}$/), (name, c) => {
        const free = mapImpactJson(coupon({ Name: name, Description: 'On every order', DealType: 'FREE_SHIPPING' }));
        expect(free).toMatchObject({ ok: true, offer: { kind: 'free-shipping', code: null } });
        if (free.ok) expect(isFreeShipping(free.offer.title, '')).toBe(true);
        const coded = mapImpactJson(coupon({ Name: name, DealType: 'FREE_SHIPPING', DealDefaultPromoCode: c }));
        expect(coded).toMatchObject({ ok: true, offer: { kind: 'code', code: c } });
      }),
    );
  });
});
