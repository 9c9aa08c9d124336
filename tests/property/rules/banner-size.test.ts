import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANNER_DIMENSIONS } from '../../../src/shared/contract/values';
import { bannerSize } from '../../../src/shared/rules/banner-size';

// One reading of a banner dimension ('W * H') for the browser's reserved boxes and the demo data's images.
describe('bannerSize', () => {
  it('reads the width and height of every dimension the contract lists', () => {
    expect(BANNER_DIMENSIONS.map(bannerSize)).toEqual([
      { width: 120, height: 600 },
      { width: 728, height: 90 },
      { width: 1480, height: 630 },
      { width: 300, height: 250 },
    ]);
  });

  it('reads "W * H" with any spacing, and never gives a size under 1 px', () => {
    const px = fc.integer({ min: 1, max: 10_000 });
    const space = fc.constantFrom('', ' ', '  ');
    fc.assert(
      fc.property(px, px, space, space, (w, h, a, b) => {
        expect(bannerSize(`${w}${a}*${b}${h}` as never)).toEqual({ width: w, height: h });
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { width, height } = bannerSize(text as never);
        expect(width).toBeGreaterThanOrEqual(1);
        expect(height).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
