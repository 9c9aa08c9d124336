import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertBatches, type AlertLineKey } from '../../../src/shared/rules/alert-batches';

// Issue 26: the due (follow, coupon) lines of one run as mails. Recording a mail's lines as sent must record every due
// line once, so each line is in exactly one mail, and a mail never mixes tenants or addresses.
const line = fc.record({
  domain_id: fc.constantFrom('d1', 'd2'),
  email: fc.constantFrom('a@x.test', 'b@x.test', 'A@x.test'),
  store_id: fc.constantFrom('s1', 's2', 's3'),
  coupon_id: fc.string({ minLength: 1, maxLength: 3 }),
});
const lines = fc.array(line, { maxLength: 40 });
const perStore = fc.integer({ min: 0, max: 6 });

describe('alertBatches', () => {
  it('puts every line in exactly one mail, of its own tenant and address, in the order they came', () => {
    fc.assert(
      fc.property(lines, perStore, (xs, n) => {
        const mails = alertBatches(xs, n);
        const all = mails.flatMap((m) => m.lines);
        expect(all).toHaveLength(xs.length);
        expect(new Set(all).size).toBe(new Set(xs).size);
        for (const m of mails) {
          expect(m.lines.every((l) => l.domain_id === m.domainId && l.email === m.email)).toBe(true);
          expect(m.lines).toEqual(xs.filter((l) => l.domain_id === m.domainId && l.email === m.email));
        }
        const keys = mails.map((m) => `${m.domainId} ${m.email}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('lists at most perStore coupons of a store and counts the rest, one block per store', () => {
    fc.assert(
      fc.property(lines, perStore, (xs, n) => {
        for (const m of alertBatches(xs, n)) {
          expect(m.stores.flatMap((s) => s.lines)).toEqual(
            [...m.lines].sort(
              (a: AlertLineKey, b: AlertLineKey) =>
                m.lines.findIndex((l) => l.store_id === a.store_id) -
                m.lines.findIndex((l) => l.store_id === b.store_id),
            ),
          );
          for (const s of m.stores) {
            expect(new Set(s.lines.map((l) => l.store_id)).size).toBe(1);
            expect(s.listed).toEqual(s.lines.slice(0, n));
            expect(s.listed.length + s.more).toBe(s.lines.length);
          }
        }
      }),
    );
  });
});
