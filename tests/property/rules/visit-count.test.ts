import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { displayVisitCount } from '../../../src/shared/rules';

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('displayVisitCount (SPEC §2 Home Five display-only visit counts)', () => {
  it('is an integer between 1000 and 9999 inclusive', () => {
    fc.assert(
      fc.property(unit, (r) => {
        const n = displayVisitCount(() => r);
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(1000);
        expect(n).toBeLessThanOrEqual(9999);
      }),
    );
  });

  it('reaches both bounds and grows with the random draw, for any range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.nat({ max: 100 }), unit, unit, (min, span, a, b) => {
        const max = min + span;
        expect(displayVisitCount(() => 0, min, max)).toBe(min);
        expect(displayVisitCount(() => 1 - Number.EPSILON, min, max)).toBe(max);
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(displayVisitCount(() => lo, min, max)).toBeLessThanOrEqual(displayVisitCount(() => hi, min, max));
      }),
    );
  });

  it('stays in range even for a misbehaving rng', () => {
    fc.assert(
      fc.property(fc.double(), (r) => {
        const n = displayVisitCount(() => r);
        expect(n >= 1000 && n <= 9999).toBe(true);
      }),
    );
  });
});
