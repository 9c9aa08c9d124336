import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erf, normalCdf, twoProportionTest } from '../../../src/shared/rules/two-proportion';

// The experiments report's test: a p-value in [0, 1], the same whichever group comes first, 1 for equal rates, small
// for clearly different ones, and Φ within the approximation's error of known values.

const group = fc
  .integer({ min: 1, max: 100_000 })
  .chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)));

describe('two-proportion z-test', () => {
  it('gives a p-value in [0, 1], symmetric in its groups', () => {
    fc.assert(
      fc.property(group, group, ([x1, n1], [x2, n2]) => {
        const a = twoProportionTest(x1, n1, x2, n2);
        const b = twoProportionTest(x2, n2, x1, n1);
        if (a.pValue === null) {
          expect(b.pValue).toBeNull();
          return;
        }
        expect(a.pValue).toBeGreaterThanOrEqual(0);
        expect(a.pValue).toBeLessThanOrEqual(1);
        expect(b.pValue).toBeCloseTo(a.pValue, 9);
        expect(b.z).toBeCloseTo(-a.z, 9);
      }),
    );
  });

  it('finds no difference between equal rates, and a clear one between distant rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 50 }), (x, k) => {
        expect(twoProportionTest(x, 1000, x * k, 1000 * k).pValue).toBeCloseTo(1, 6);
      }),
    );
    expect(twoProportionTest(60, 100, 40, 100).pValue).toBeCloseTo(0.00468, 4);
    expect(twoProportionTest(0, 0, 1, 2).pValue).toBeNull();
  });

  it('approximates Φ and erf within 1.5e-7 of known values', () => {
    expect(Math.abs(normalCdf(1.959963985) - 0.975)).toBeLessThan(1.5e-7);
    expect(Math.abs(normalCdf(0) - 0.5)).toBeLessThan(1.5e-7);
    expect(Math.abs(erf(1) - 0.8427007929)).toBeLessThan(1.5e-7);
    fc.assert(
      fc.property(fc.double({ min: -6, max: 6, noNaN: true }), (z) => {
        expect(erf(-z)).toBeCloseTo(-erf(z), 7);
      }),
    );
  });
});
