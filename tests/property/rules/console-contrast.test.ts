import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AA,
  bestInkContrast,
  contrastRatio,
  hexChannels,
  relativeLuminance,
} from '../../../src/shared/console/contrast';
import { luminance, ratio, readableInk } from '../../../src/client/components/chrome/contrast';

// The console's brand-colour warning agrees with the shop's header: it warns exactly when the header's text misses
// WCAG AA with its usual inks (white below AA, or neither white nor dark ink reaching it, so it falls back to black).
const hex6 = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('console contrast warning', () => {
  it('computes the same luminance and ratio as the shop header', () => {
    fc.assert(
      fc.property(hex6, hex6, (a, b) => {
        const [r, g, bl] = hexChannels(a)!;
        const la = relativeLuminance([r, g, bl]);
        expect(la).toBeCloseTo(luminance({ r, g, b: bl }), 12);
        const lb = relativeLuminance(hexChannels(b)!);
        expect(contrastRatio(la, lb)).toBeCloseTo(ratio(la, lb), 12);
      }),
    );
  });

  it('warns exactly when the header text misses AA with its usual inks', () => {
    fc.assert(
      fc.property(hex6, fc.boolean(), (colour, upper) => {
        const value = upper ? colour.toUpperCase() : colour;
        const warns = bestInkContrast(value)! < AA;
        const ink = readableInk(value);
        const bg = relativeLuminance(hexChannels(value)!);
        expect(warns).toBe(ink === '#000000' || (ink === '#ffffff' && contrastRatio(bg, 1) < AA));
      }),
    );
  });

  it('reads #rgb as #rrggbb and gives no verdict for other spellings', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{3}$/), (s) => {
        expect(bestInkContrast(`#${s}`)).toBe(bestInkContrast(`#${[...s].map((c) => c + c).join('')}`));
      }),
    );
    expect(bestInkContrast('rebeccapurple')).toBeNull();
    expect(bestInkContrast('')).toBeNull();
  });
});
