import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitByExpiry } from '../../../../src/client/features/store/coupon-groups';
import { canonicalCategory, categoryHref } from '../../../../src/client/features/store/category-path';
import { ratingText } from '../../../../src/client/features/store/store-rating';
import { visitsText } from '../../../../src/client/features/store/store-header';
import { makeCoupon } from '../../deals/deal-fixtures';

const NOW = new Date('2026-11-22T12:00:00Z');
// A coupon list: each a code or a deal, without expiry or expiring some days around NOW.
const coupons = fc
  .array(
    fc.record({
      code: fc.option(fc.constantFrom('SAVE10', ' ', 'X'), { nil: null }),
      days: fc.option(fc.integer({ min: -400, max: 400 }), { nil: null }),
    }),
    { maxLength: 30 },
  )
  .map((list) =>
    list.map((c, i) =>
      makeCoupon(i, {
        code: c.code,
        expiry_date: c.days === null ? null : new Date(NOW.getTime() + c.days * 3_600_000 * 24 + 1).toISOString(),
      }),
    ),
  );

describe('store page coupon rules', () => {
  it('splits by expiry into two parts that keep every coupon once, in the API order', () => {
    fc.assert(
      fc.property(coupons, (list) => {
        const { active, expired } = splitByExpiry(list, NOW);
        expect(active.length + expired.length).toBe(list.length);
        expect(active).toEqual(list.filter((c) => active.includes(c)));
        expect(expired).toEqual(list.filter((c) => expired.includes(c)));
        for (const c of expired) expect(new Date(c.expiry_date!).getTime()).toBeLessThanOrEqual(NOW.getTime());
        for (const c of active)
          expect(c.expiry_date === null || new Date(c.expiry_date).getTime() > NOW.getTime()).toBe(true);
      }),
    );
  });

  it('writes ratings and visits for people', () => {
    expect(ratingText(4.2, 12)).toBe('4.2 (12 ratings)');
    expect(ratingText(3.666, 6)).toBe('3.7 (6 ratings)');
    expect(ratingText(5, 1)).toBe('5.0 (1 rating)');
    expect(ratingText(null, 0)).toBeNull();
    expect(ratingText(4, 0)).toBeNull();
    expect(visitsText(17466)).toBe('17,466 visits');
    expect(visitsText(1)).toBe('1 visit');
    expect(visitsText(undefined)).toBeNull();
  });

  it('encodes category paths and spells a category the way the data does', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (name) => {
        expect(decodeURIComponent(categoryHref(name).slice('/category/'.length))).toBe(name);
      }),
    );
    expect(canonicalCategory('home & garden', [{ category: 'Home & Garden' }])).toBe('Home & Garden');
    expect(canonicalCategory('Zebras', [{ category: 'Home & Garden' }])).toBe('Zebras');
  });
});
