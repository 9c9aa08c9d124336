import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emblaDuration } from '../../../src/client/components/banners/embla-duration';
import { snapCount } from '../../../src/client/components/banners/banner-carousel';

describe('emblaDuration (transition ms → embla duration)', () => {
  it('0 ms jumps; 500 ms is about embla’s default speed', () => {
    expect(emblaDuration(0)).toBe(0);
    expect(emblaDuration(500)).toBe(20);
  });

  it('a longer transition is never faster, and stays inside embla’s usable range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 10_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(emblaDuration(lo)).toBeLessThanOrEqual(emblaDuration(hi));
        expect(emblaDuration(hi)).toBeGreaterThanOrEqual(18);
        expect(emblaDuration(hi)).toBeLessThanOrEqual(80);
      }),
      { numRuns: 200 },
    );
  });
});

describe('snapCount (dots)', () => {
  it('one dot per slide when looping, per reachable start otherwise, one when all fit', () => {
    expect(snapCount(4, 1, true)).toBe(4);
    expect(snapCount(4, 2, false)).toBe(3);
    expect(snapCount(2, 3, true)).toBe(1);
  });
});
