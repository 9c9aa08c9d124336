import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFER_SORTS, OFFER_TYPES } from '../../../src/shared/contract/values';
import {
  DEFAULT_OFFER_PARAMS,
  offerParamsKey,
  offerQuery,
  parseOfferParams,
  type OfferParams,
} from '../../../src/shared/rules/offer-params';
import { hasOfferCode, isFreeShipping, isOfferType } from '../../../src/shared/rules/offer-type';

// Issue 13: a filtered listing's address is read the same by the browser, the server's renderer and the API.
const params: fc.Arbitrary<OfferParams> = fc.record({
  type: fc.option(fc.constantFrom(...OFFER_TYPES), { nil: null }),
  verified: fc.boolean(),
  sort: fc.constantFrom(...OFFER_SORTS),
});
const fromQuery = (q: Record<string, string>) => parseOfferParams((name) => q[name] ?? null);

describe('offer parameters in the page address', () => {
  it('reads back what it writes (the address round-trips)', () => {
    fc.assert(
      fc.property(params, (p) => {
        const q = new URLSearchParams(offerParamsKey(p));
        expect(parseOfferParams((name) => q.get(name))).toEqual(p);
      }),
    );
  });

  it('writes nothing for the defaults, and only non-default values otherwise', () => {
    expect(offerParamsKey(DEFAULT_OFFER_PARAMS)).toBe('');
    fc.assert(
      fc.property(params, (p) => {
        const q = offerQuery(p);
        expect('type' in q).toBe(p.type !== null);
        expect('verified' in q).toBe(p.verified);
        expect('sort' in q).toBe(p.sort !== 'best');
      }),
    );
  });

  it('turns anything unknown into the default, never an error', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('type', 'verified', 'sort', 'show', 'page'), fc.string()), (q) => {
        const p = fromQuery(q);
        expect(OFFER_TYPES.includes(p.type as never) || p.type === null).toBe(true);
        expect(OFFER_SORTS).toContain(p.sort);
        expect(p.verified).toBe(q.verified === '1' || q.verified === 'true');
      }),
    );
  });

  it("keeps the store page's older ?show=codes|deals addresses", () => {
    expect(fromQuery({ show: 'codes' }).type).toBe('code');
    expect(fromQuery({ show: 'deals' }).type).toBe('deal');
    expect(fromQuery({ show: 'deals', type: 'free_shipping' }).type).toBe('free_shipping');
  });
});

describe('offer types', () => {
  const coupon = fc.record({
    code: fc.option(fc.string(), { nil: null }),
    name: fc.string(),
    title: fc.string(),
  });

  it('makes every coupon exactly one of code or deal', () => {
    fc.assert(
      fc.property(coupon, (c) => {
        expect(isOfferType('code', c)).not.toBe(isOfferType('deal', c));
        expect(isOfferType('code', c)).toBe(hasOfferCode(c.code));
      }),
    );
  });

  it('finds free shipping or delivery as words in the name or title, in any case', () => {
    const before = fc.constantFrom('', ' ', '! ', 'Get ', '(');
    const after = fc.constantFrom('', ' ', '!', ' today', ')');
    fc.assert(
      fc.property(before, fc.constantFrom('free shipping', 'FREE  Delivery', 'Free\tshipping'), after, (a, s, b) => {
        expect(isFreeShipping(`${a}${s}${b}`, '')).toBe(true);
        expect(isFreeShipping('', `${a}${s}`)).toBe(true);
      }),
    );
    expect(isFreeShipping('carefree shipping', '')).toBe(false);
    expect(isFreeShipping('free shippingware', '')).toBe(false);
    expect(isFreeShipping('Free', 'shipping')).toBe(true); // name and title read as one text
  });
});
