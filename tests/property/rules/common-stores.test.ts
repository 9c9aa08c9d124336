import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { commonStores } from '../../../src/shared/rules';

const store = fc.record(
  { slug: fc.string({ maxLength: 6 }), is_archived: fc.boolean(), is_paused: fc.boolean() },
  { requiredKeys: ['slug'] },
);
const stores = fc.array(store, { maxLength: 30 });

describe('commonStores (SPEC §2/§5 footer common stores)', () => {
  it('keeps at most max stores, never archived or paused ones', () => {
    fc.assert(
      fc.property(stores, fc.nat({ max: 15 }), (xs, max) => {
        const out = commonStores(xs, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out.some((s) => s.is_archived || s.is_paused)).toBe(false);
      }),
    );
  });

  it('keeps the first eligible stores in their order (10 by default)', () => {
    fc.assert(
      fc.property(stores, (xs) => {
        const eligible = xs.filter((s) => !s.is_archived && !s.is_paused);
        expect(commonStores(xs)).toEqual(eligible.slice(0, 10));
        commonStores(xs).forEach((s, i) => expect(s).toBe(eligible[i]));
      }),
    );
  });
});
