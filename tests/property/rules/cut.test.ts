import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { cut } from '../../../src/shared/rules';

const codePoints = (s: string): number => Array.from(s).length;
// A lone surrogate in the output would render as a replacement box.
const hasLoneSurrogate = (s: string): boolean =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

// 'grapheme' strings include astral characters (emoji), i.e. surrogate pairs.
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 90 }), fc.string({ maxLength: 90 }));
const max = fc.integer({ min: 0, max: 80 });
const ellipsis = fc.constantFrom('...', '', '…');

describe('cut (SPEC §2/§9 text cuts)', () => {
  it('is never longer than max plus the ellipsis', () => {
    fc.assert(
      fc.property(text, max, ellipsis, (t, m, e) => {
        expect(codePoints(cut(t, m, e))).toBeLessThanOrEqual(m + codePoints(e));
      }),
    );
  });

  it('leaves text that fits unchanged, and otherwise keeps exactly the first max characters plus the ellipsis', () => {
    fc.assert(
      fc.property(text, max, ellipsis, (t, m, e) => {
        const out = cut(t, m, e);
        if (codePoints(t) <= m) {
          expect(out).toBe(t);
        } else {
          expect(out.endsWith(e)).toBe(true);
          const kept = out.slice(0, out.length - e.length);
          expect(t.startsWith(kept)).toBe(true);
          expect(codePoints(kept)).toBe(m);
        }
      }),
    );
  });

  it('never splits a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 0, max: 40 }), (t, m) => {
        expect(hasLoneSurrogate(cut(t, m))).toBe(false);
      }),
    );
  });

  it('uses "..." by default', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (t) => {
        const m = codePoints(t) - 1;
        expect(cut(t, m)).toBe(Array.from(t).slice(0, m).join('') + '...');
      }),
    );
  });
});
