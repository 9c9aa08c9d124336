import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { filterCategories } from '../../../src/shared/rules';

const names = fc.constantFrom(
  'Professional',
  'Pets',
  'Air',
  'Nutritional Supplements',
  'Fashion',
  'Home & Garden',
  'ÉLECTRONIQUE',
);
const category = fc.oneof(names, fc.string({ maxLength: 12 }));
const list = fc.array(fc.record({ category, count: fc.nat(500) }), { maxLength: 20 });
const query = fc.oneof(fc.constantFrom('', ' ', 'p', 'PE', 'et', ' air ', 'supp', 'é'), fc.string({ maxLength: 4 }));

const matches = (c: string, q: string) => c.toLowerCase().includes(q.trim().toLowerCase());

describe('filterCategories (SPEC §2/§4 live category filter)', () => {
  it('keeps a subsequence of the list, in order, with every match and only matches', () => {
    fc.assert(
      fc.property(list, query, (xs, q) => {
        const out = filterCategories(xs, q);
        expect(out).toEqual(xs.filter((x) => matches(x.category, q)));
        let from = 0;
        for (const kept of out) {
          const at = xs.indexOf(kept, from);
          expect(at).toBeGreaterThanOrEqual(from);
          from = at + 1;
        }
      }),
    );
  });

  it('keeps everything for a blank query', () => {
    fc.assert(
      fc.property(list, fc.constantFrom('', ' ', '\t', '  \n'), (xs, q) => {
        expect(filterCategories(xs, q)).toEqual(xs);
      }),
    );
  });

  it('ignores letter case', () => {
    fc.assert(
      fc.property(list, fc.string({ unit: 'grapheme-ascii', maxLength: 4 }), (xs, q) => {
        expect(filterCategories(xs, q.toUpperCase())).toEqual(filterCategories(xs, q.toLowerCase()));
      }),
    );
  });

  it('finds an entry by any piece of its name, typed in any case', () => {
    // ASCII names: full Unicode case mapping is context-sensitive (final sigma), so a piece may lower-case differently.
    const asciiList = fc.array(
      fc.record({
        category: fc.oneof(
          names.filter((n) => /^[ -~]*$/.test(n)),
          fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
        ),
      }),
      { minLength: 1, maxLength: 10 },
    );
    fc.assert(
      fc.property(asciiList, fc.nat(), fc.nat(), fc.nat(), fc.boolean(), (xs, pick, a, b, upper) => {
        const entry = xs[pick % xs.length];
        if (!entry) return;
        const start = a % (entry.category.length + 1);
        const piece = entry.category.slice(start, start + (b % 6));
        expect(filterCategories(xs, upper ? piece.toUpperCase() : piece.toLowerCase())).toContain(entry);
      }),
    );
  });
});
