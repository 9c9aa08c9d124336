import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  armEpc,
  armMoneyOf,
  EPC_MIN_TRANSACTIONS,
  epcTest,
  revenueOutcome,
  studentTwoSided,
} from '../../../src/shared/rules/epc-test';

// Issue 31: the experiment report's revenue test. Each click earns its commission (minor units) or 0; an arm is the
// list of its clicks' earnings, summed as SQL sums it (count, Σ, Σ²). EPC is 0 without money, does not depend on the
// order of the clicks, lies inside its own interval; identical arms do not differ; too few transactions decide nothing.

/** One click's earnings: most clicks earn nothing, a few earn a commission (up to 5,000.00 in minor units). */
const earning = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 500_000 }) },
);
const clicks = fc.array(earning, { minLength: 0, maxLength: 300 });
/** A click list with its transaction count (at least one per earning click, sometimes more). */
const arm = clicks.chain((xs) =>
  fc
    .integer({ min: 0, max: 40 })
    .map((extra) => ({ xs, transactions: xs.filter((x) => x > 0).length + (xs.some((x) => x > 0) ? extra : 0) })),
);

describe('EPC per arm and its interval', () => {
  it('is 0 when no click earned anything, with an interval of [0, 0]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => {
        const epc = armEpc(armMoneyOf(Array<number>(n).fill(0), 0));
        expect(epc.epcMinor).toBe(0);
        if (n >= 2) expect([epc.lowMinor, epc.highMinor]).toEqual([0, 0]);
        else expect([epc.lowMinor, epc.highMinor]).toEqual([null, null]);
      }),
    );
  });

  it('does not depend on the order of the clicks', () => {
    fc.assert(
      fc.property(
        arm.chain(({ xs, transactions }) =>
          fc.tuple(fc.constant(xs), fc.shuffledSubarray(xs, { minLength: xs.length }), fc.constant(transactions)),
        ),
        arm,
        ([xs, shuffled, transactions], control) => {
          const a = armMoneyOf(xs, transactions);
          const b = armMoneyOf(shuffled, transactions);
          expect(armEpc(b)).toEqual(armEpc(a));
          const c = armMoneyOf(control.xs, control.transactions);
          expect(epcTest(b, c)).toEqual(epcTest(a, c));
        },
      ),
    );
  });

  it('lies inside its 95 % interval, which never goes below 0', () => {
    fc.assert(
      fc.property(arm, ({ xs, transactions }) => {
        const epc = armEpc(armMoneyOf(xs, transactions));
        expect(epc.epcMinor).toBeGreaterThanOrEqual(0);
        if (xs.length < 2) return;
        expect(epc.lowMinor).not.toBeNull();
        expect(epc.lowMinor!).toBeGreaterThanOrEqual(0);
        expect(epc.lowMinor!).toBeLessThanOrEqual(epc.epcMinor);
        expect(epc.highMinor!).toBeGreaterThanOrEqual(epc.epcMinor);
      }),
    );
  });
});

describe('Welch’s test of EPC against the control', () => {
  it('gives a p-value in [0, 1], the same whichever arm is the control', () => {
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const x = armMoneyOf(a.xs, a.transactions);
        const y = armMoneyOf(b.xs, b.transactions);
        const ab = epcTest(x, y);
        const ba = epcTest(y, x);
        if (ab.pValue === null) {
          expect(ba.pValue).toBeNull();
          return;
        }
        expect(ab.pValue).toBeGreaterThanOrEqual(0);
        expect(ab.pValue).toBeLessThanOrEqual(1);
        expect(ba.pValue).toBeCloseTo(ab.pValue, 12);
      }),
    );
  });

  it('finds identical arms alike (p ≈ 1), however their clicks are ordered', () => {
    fc.assert(
      fc.property(
        arm.filter(({ xs }) => xs.length >= 2),
        ({ xs, transactions }) => {
          const test = epcTest(armMoneyOf(xs, transactions), armMoneyOf([...xs].reverse(), transactions));
          expect(test.pValue).toBeCloseTo(1, 9);
          expect(['too-little-money', 'not-significant']).toContain(test.verdict);
        },
      ),
    );
  });

  it('says too-little-money while either arm has fewer transactions than the minimum, or no money', () => {
    fc.assert(
      fc.property(arm, arm, fc.integer({ min: 0, max: EPC_MIN_TRANSACTIONS - 1 }), (a, b, few) => {
        const enough = armMoneyOf(b.xs, Math.max(b.transactions, EPC_MIN_TRANSACTIONS));
        const little = armMoneyOf(a.xs, few);
        expect(epcTest(little, enough).verdict).toBe('too-little-money');
        expect(epcTest(enough, little).verdict).toBe('too-little-money');
        const broke = armMoneyOf(Array<number>(a.xs.length).fill(0), EPC_MIN_TRANSACTIONS + few);
        expect(epcTest(broke, enough).verdict).toBe('too-little-money');
        const report = revenueOutcome(
          [
            { variant: 'control', ...enough },
            { variant: 'bold', ...little },
          ],
          'control',
          'USD',
        );
        expect(report.verdict).toBe('too-little-money');
        expect(report.statement).toMatch(/^too little money to decide/);
      }),
    );
  });

  it('decides once both arms have enough transactions and the difference is clear', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 2, max: 10 }), (amount, k) => {
        const per = (n: number, x: number) => [...Array<number>(n).fill(x), ...Array<number>(2_000 - n).fill(0)];
        const control = armMoneyOf(per(EPC_MIN_TRANSACTIONS, amount), EPC_MIN_TRANSACTIONS);
        const bold = armMoneyOf(per(EPC_MIN_TRANSACTIONS * k, amount), EPC_MIN_TRANSACTIONS * k);
        const test = epcTest(bold, control);
        expect(test.pValue!).toBeLessThan(0.05);
        expect(test.verdict).toBe('higher');
        expect(epcTest(control, bold).verdict).toBe('lower');
      }),
    );
  });

  it('has Student’s closed forms for 1 and 2 degrees of freedom', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), (t) => {
        expect(studentTwoSided(t, 1)).toBeCloseTo(1 - (2 / Math.PI) * Math.atan(Math.abs(t)), 10);
        expect(studentTwoSided(t, 2)).toBeCloseTo(1 - Math.abs(t) / Math.sqrt(2 + t * t), 10);
      }),
    );
  });
});
