import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { slugLabel } from '../../../src/shared/rules';

const codePoints = (s: string) => Array.from(s).length;

describe('slugLabel (SPEC §2 upper-cased, cut store slugs)', () => {
  it('is an upper-case prefix of the slug no longer than max, without an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 0, max: 30 }), (slug, max) => {
        const label = slugLabel(slug, max);
        const upper = slug.toUpperCase();
        expect(upper.startsWith(label)).toBe(true);
        expect(codePoints(label)).toBe(Math.min(max, codePoints(upper)));
        expect(label).toBe(label.toUpperCase());
      }),
    );
  });
});
