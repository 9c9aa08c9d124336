import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { insertBanners, validBannerPositions } from '../../../src/shared/rules';
import type { GridCell } from '../../../src/shared/rules';

// Distinct objects so "every item exactly once" is checked by identity.
const items = fc.array(fc.nat(), { maxLength: 25 }).map((xs) => xs.map((n, i) => ({ id: i, n })));
const banners = fc.array(fc.string({ maxLength: 3 }), { maxLength: 4 }).map((xs) => xs.map((s, i) => ({ b: i, s })));
const validPositions = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 5 });
// Junk the operator might type: fractions, zero, negatives, NaN, duplicates of valid positions.
const positions = fc
  .tuple(validPositions, fc.array(fc.oneof(fc.double(), fc.integer({ min: -5, max: 0 })), { maxLength: 3 }))
  .chain(([good, junk]) => {
    const all = [...good, ...good, ...junk];
    return fc.shuffledSubarray(all, { minLength: all.length });
  });

type Item = { id: number; n: number };
type Banner = { b: number; s: string };
const itemsOf = (cells: GridCell<Item, Banner>[]) => cells.flatMap((c) => (c.kind === 'item' ? [c] : []));
const bannersOf = (cells: GridCell<Item, Banner>[]) => cells.flatMap((c) => (c.kind === 'banner' ? [c] : []));

describe('insertBanners (SPEC §2 banner slots)', () => {
  it('keeps every item exactly once, in order, with its original index', () => {
    fc.assert(
      fc.property(items, banners, positions, (its, bs, ps) => {
        const cells = itemsOf(insertBanners(its, bs, ps));
        expect(cells.map((c) => c.item)).toEqual(its);
        cells.forEach((c, i) => {
          expect(c.index).toBe(i);
          expect(c.item).toBe(its[i]);
        });
      }),
    );
  });

  it('puts banners only at requested positions, and at every requested position inside the list', () => {
    fc.assert(
      fc.property(
        items,
        banners.filter((bs) => bs.length > 0),
        positions,
        (its, bs, ps) => {
          const cells = insertBanners(its, bs, ps);
          const wanted = new Set(validBannerPositions(ps));
          cells.forEach((cell, i) => {
            expect(cell.kind === 'banner').toBe(wanted.has(i + 1));
            if (cell.kind === 'banner') expect(cell.position).toBe(i + 1);
          });
        },
      ),
    );
  });

  it('never places a banner past the last item', () => {
    fc.assert(
      fc.property(items, banners, positions, (its, bs, ps) => {
        const cells = insertBanners(its, bs, ps);
        if (cells.length > 0) expect(cells[cells.length - 1]?.kind).toBe('item');
        else expect(its).toEqual([]);
      }),
    );
  });

  it('uses banners in order and cycles them when there are fewer banners than positions', () => {
    fc.assert(
      fc.property(
        items,
        banners.filter((bs) => bs.length > 0),
        positions,
        (its, bs, ps) => {
          bannersOf(insertBanners(its, bs, ps)).forEach((cell, k) => {
            expect(cell.banner).toBe(bs[k % bs.length]);
          });
        },
      ),
    );
  });

  it('gives the items alone when there are no banners', () => {
    fc.assert(
      fc.property(items, positions, (its, ps) => {
        const cells = insertBanners(its, [], ps);
        expect(cells.every((c) => c.kind === 'item')).toBe(true);
        expect(cells).toHaveLength(its.length);
      }),
    );
  });

  it('reads positions as distinct integers >= 1 taken from the input, ascending', () => {
    fc.assert(
      fc.property(positions, (ps) => {
        const valid = validBannerPositions(ps);
        valid.forEach((p, i) => {
          expect(Number.isInteger(p) && p >= 1 && ps.includes(p)).toBe(true);
          if (i > 0) expect(p).toBeGreaterThan(valid[i - 1] ?? Infinity);
        });
        ps.filter((p) => Number.isInteger(p) && p >= 1).forEach((p) => expect(valid).toContain(p));
      }),
    );
  });

  it('ignores invalid and duplicate positions', () => {
    fc.assert(
      fc.property(items, banners, positions, (its, bs, ps) => {
        expect(insertBanners(its, bs, ps)).toEqual(insertBanners(its, bs, validBannerPositions(ps)));
      }),
    );
  });
});
