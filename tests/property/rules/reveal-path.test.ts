import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { revealNewTabPath } from '../../../src/shared/rules';

// Store names and ids with characters that must be encoded ('/', '?', '%', spaces, non-ASCII).
const value = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('Acme Outfitters', 'a/b', '50%off', 'café', '?x=1#y'),
);
const category = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('Pets', 'Nutritional Supplements', 'Home & Garden'),
);
const plainPage = fc.constantFrom(
  '/',
  '',
  '/home2',
  '/coupons',
  '/store',
  '/store/acme',
  '/searchpage',
  '/store/acme/extra',
  '/categories',
);

const segments = (path: string) => path.split('/').slice(1).map(decodeURIComponent);

describe('revealNewTabPath (SPEC §2 reveal flow new-tab path)', () => {
  it('is /couponsredirect/coupon/{store}/{id} off category pages, every segment encoded', () => {
    fc.assert(
      fc.property(plainPage, value, value, (page, store, id) => {
        const path = revealNewTabPath(page, store, id);
        expect(path.split('/')).toHaveLength(5);
        expect(segments(path)).toEqual(['couponsredirect', 'coupon', store, id]);
      }),
    );
  });

  it('is /couponsredirect/category/{category}/coupon/{store}/{id} on a category page', () => {
    fc.assert(
      fc.property(category, fc.constantFrom('', '/', '?page=2', '#top'), value, value, (cat, suffix, store, id) => {
        const page = `/category/${encodeURIComponent(cat)}${suffix}`;
        const path = revealNewTabPath(page, store, id);
        expect(path.split('/')).toHaveLength(7);
        expect(segments(path)).toEqual(['couponsredirect', 'category', cat, 'coupon', store, id]);
      }),
    );
  });
});
