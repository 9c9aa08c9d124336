import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { countText } from '../../../src/shared/rules';

describe('countText (counts shown to shoppers)', () => {
  it('reads back as the same whole number, grouped by threes with commas', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        const text = countText(n);
        expect(Number(text.replace(/,/g, ''))).toBe(n);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*$/);
      }),
    );
  });

  it('writes what Number#toLocaleString("en-US", { maximumFractionDigits: 0 }) writes, for any whole or fractional count', () => {
    // (Intl writes "-0" for small negatives; counts are never below zero, and countText writes "0" there.)
    const counts = fc.oneof(fc.nat(), fc.maxSafeNat(), fc.double({ min: 0, max: 1e15, noNaN: true }));
    fc.assert(
      fc.property(counts, (n) => {
        expect(countText(n)).toBe(n.toLocaleString('en-US', { maximumFractionDigits: 0 }));
      }),
    );
  });
});
