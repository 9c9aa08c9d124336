import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashString, mulberry32 } from '../../../src/shared/rules/prng';

describe('seeded randomness', () => {
  it('the same seed gives the same numbers, always in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 50 }), (seed, n) => {
        const a = mulberry32(seed);
        const b = mulberry32(seed);
        for (let i = 0; i < n; i++) {
          const x = a();
          expect(x).toBe(b());
          expect(x >= 0 && x < 1).toBe(true);
        }
      }),
    );
  });

  it('hashString is a stable unsigned 32-bit value', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const h = hashString(s);
        expect(h).toBe(hashString(s));
        expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
      }),
    );
  });
});
