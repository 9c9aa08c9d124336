import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapAdmitadJson, type AdmitadCoupon } from '../../../src/shared/feeds/admitad-json';
import { isFreeShipping } from '../../../src/shared/rules/offer-type';
import { endInstant, field, jsonJunk, startInstant, wallTime } from './json-feed-values';
import { assertContractKept, feedText, feedUrl, instant, mostly } from './text-feed-invariants';

// Issue 30: Admitad's coupons mapping, for any coupon Admitad (or a broken answer) could hold.

const date = (instants: fc.Arbitrary<Date>) =>
  mostly(
    fc.oneof(
      instants.map((d) => wallTime(d)),
      instants.map((d) => wallTime(d, 'T')),
      fc.constant(null),
    ),
    fc.oneof(fc.constantFrom('2031-02-29 23:59:59', '01.10.2026', '2026-10-01 24:00:00'), feedText),
  );
const named = (names: fc.Arbitrary<string>) =>
  fc.array(mostly(fc.record({ id: fc.nat(99), name: names }), jsonJunk), { maxLength: 3 });

const coupon: fc.Arbitrary<AdmitadCoupon> = fc.record(
  {
    id: field(fc.integer({ min: 1, max: 9_999_999 })),
    name: field(feedText),
    short_name: field(feedText),
    description: field(feedText),
    species: field(mostly(fc.constantFrom('promocode', 'action'), fc.constantFrom('', 'cashback'))),
    promocode: field(mostly(fc.stringMatching(/^ ?[A-Z0-9-]{3,12} ?$/), fc.constantFrom('', 'Не нужен', 'N/A'))),
    discount: field(fc.oneof(fc.constantFrom('20%', '500 RUB', '500 ₽', '10 EUR', 'up to 50%'), feedText)),
    date_start: field(date(startInstant)),
    date_end: field(date(endInstant)),
    goto_link: field(feedUrl),
    status: field(mostly(fc.constant('active'), fc.constantFrom('disabled', ''))),
    exclusive: field(fc.boolean()),
    campaign: field(
      fc.record({
        id: field(fc.integer({ min: 1, max: 99_999 })),
        name: field(feedText),
        site_url: field(feedUrl),
      }),
    ),
    types: field(named(fc.constantFrom('Free shipping', 'Discount on an order', 'Gift to an order', 'Sale'))),
    categories: field(named(fc.oneof(fc.constantFrom('Electronics', 'Toys, Kids & Babies'), feedText))),
  },
  { requiredKeys: ['id', 'species', 'goto_link', 'campaign'] },
);

/** A coupon that maps, to check what species, promocode, types and discount make of it. */
const good = (over: AdmitadCoupon): AdmitadCoupon => ({
  id: 1284511,
  species: 'promocode',
  promocode: 'ORBIT20',
  campaign: { id: 21753, name: 'Orbit Electronics', site_url: 'https://orbit-electronics.example/' },
  goto_link: 'https://ad.admitad.com/g/3e86ecb2af580e1a8cbcb3e5879cb3/?i=3',
  ...over,
});

describe('Admitad coupons mapping', () => {
  it('never throws, and every offer keeps the contract', () => {
    assertContractKept(coupon, mapAdmitadJson);
  });

  it('reads a date printed in Admitad spelling (with a space or a T) back to the same instant, as UTC', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom<' ' | 'T'>(' ', 'T'), (d, separator) => {
        const result = mapAdmitadJson(good({ name: 'x', date_start: wallTime(d, separator) }));
        expect(result).toMatchObject({ ok: true, offer: { starts_at: d.toISOString() } });
      }),
    );
  });

  it('never gives an action a code, and always gives a promocode its code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{3,12}$/), (c) => {
        expect(mapAdmitadJson(good({ name: 'x', species: 'action', promocode: c }))).toMatchObject({
          ok: true,
          offer: { code: null },
        });
        expect(mapAdmitadJson(good({ name: 'x', promocode: ` ${c} ` }))).toMatchObject({
          ok: true,
          offer: { kind: 'code', code: c },
        });
      }),
    );
  });

  it('says a percentage discount with a "%" when the coupon has no name', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (p) => {
        const result = mapAdmitadJson(good({ name: '', short_name: '', discount: `${p}%` }));
        expect(result).toMatchObject({ ok: true, offer: { title: `${p}% off` } });
      }),
    );
  });

  it('makes an action of type "Free shipping" a free-shipping offer, said in its title', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9€ ]{0,40}$/), (name) => {
        const types = [{ id: 1, name: 'Free shipping' }];
        const result = mapAdmitadJson(good({ name, species: 'action', types, description: 'On every order' }));
        expect(result).toMatchObject({ ok: true, offer: { kind: 'free-shipping' } });
        if (result.ok) expect(isFreeShipping(result.offer.title, '')).toBe(true);
      }),
    );
  });
});
