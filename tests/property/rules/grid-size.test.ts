import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { gridSize, nextExpanded } from '../../../src/shared/rules';

const size = fc.integer({ min: 0, max: 50 });

describe('gridSize / nextExpanded (SPEC §4 Show more / Show less)', () => {
  it('alternates between the collapsed and expanded sizes on each press', () => {
    fc.assert(
      fc.property(fc.boolean(), size, size, fc.integer({ min: 1, max: 6 }), (start, c, e, presses) => {
        let expanded = start;
        const seen: number[] = [];
        for (let i = 0; i < presses; i += 1) {
          expanded = nextExpanded(expanded);
          seen.push(gridSize(expanded, c, e));
        }
        seen.forEach((n, i) => expect(n).toBe((i % 2 === 0) !== start ? e : c));
        expect(expanded).toBe(presses % 2 === 0 ? start : !start);
      }),
    );
  });

  it('is always a non-negative integer usable in slice(0, n)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.double(), fc.double(), (x, c, e) => {
        const n = gridSize(x, c, e);
        expect(n >= 0 && (Number.isInteger(n) || n === Infinity)).toBe(true);
      }),
    );
  });
});
