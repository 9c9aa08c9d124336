import { describe, expect, it } from 'vitest';
import {
  armEpc,
  armMoneyOf,
  EPC_ALPHA,
  EPC_CONFIDENCE,
  EPC_MIN_TRANSACTIONS,
  epcTest,
  incompleteBeta,
  lnGamma,
  revenueOutcome,
  studentQuantile,
  studentTwoSided,
} from '../../../src/shared/rules/epc-test';

// Issue 31: the revenue test's numbers against a reference (SciPy 1.17: scipy.stats.t, ttest_ind(equal_var=False)),
// and the verdict in words.

/** n clicks of which the first earn `earning(i)` minor units and the rest nothing. */
const clicks = (n: number, paid: number, earning: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => (i < paid ? earning(i) : 0));
// control: 40 of 1,000 clicks earn 1.00–3.73; bold: 60 of 1,000 earn 1.50–4.49.
const control = armMoneyOf(
  clicks(1000, 40, (i) => 100 + 7 * i),
  40,
);
const bold = armMoneyOf(
  clicks(1000, 60, (i) => 150 + ((11 * i) % 300)),
  60,
);

describe('the revenue test', () => {
  it('keeps its constants', () => {
    expect(EPC_MIN_TRANSACTIONS).toBe(30);
    expect(EPC_ALPHA).toBe(0.05);
    expect(EPC_CONFIDENCE).toBe(0.95);
  });

  it('computes Student’s t as SciPy does', () => {
    expect(studentTwoSided(2, 10)).toBeCloseTo(0.07338803477074037, 12);
    expect(studentTwoSided(1.5, 3.7)).toBeCloseTo(0.2135981692020135, 12);
    expect(studentTwoSided(3, 1e5)).toBeCloseTo(0.0027004608840647234, 10);
    expect(studentTwoSided(0, 7)).toBe(1);
    expect(studentTwoSided(Infinity, 7)).toBe(0);
    expect(studentQuantile(0.05, 10)).toBeCloseTo(2.228138851986274, 9);
    expect(studentQuantile(0.05, 1)).toBeCloseTo(12.706204736174694, 8);
    expect(studentQuantile(0.05, 29)).toBeCloseTo(2.045229642132703, 9);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(lnGamma(10)).toBeCloseTo(Math.log(362_880), 12);
    expect(incompleteBeta(2, 3, 0.4)).toBeCloseTo(0.5248, 12);
  });

  it('gives EPC, its interval and Welch’s p-value as SciPy does', () => {
    expect(control).toEqual({ clicks: 1000, transactions: 40, sumMinor: 9460, sumSquaresMinor: 2_498_460 });
    const c = armEpc(control);
    expect(c.epcMinor).toBeCloseTo(946, 9);
    expect(c.lowMinor!).toBeCloseTo(641.2754900206695, 6);
    expect(c.highMinor!).toBeCloseTo(1250.7245099793306, 6);
    const b = armEpc(bold);
    expect(b.epcMinor).toBeCloseTo(1737, 9);
    expect(b.lowMinor!).toBeCloseTo(1288.5839441533758, 6);
    const test = epcTest(bold, control);
    expect(test.t).toBeCloseTo(2.863031730434768, 10);
    expect(test.df).toBeCloseTo(1759.4923617524782, 6);
    expect(test.pValue!).toBeCloseTo(0.0042457775059808675, 10);
    expect(test.verdict).toBe('higher');
    // Two more sales than the control: no difference shown (SciPy: p = 0.7342).
    const close = epcTest(
      armMoneyOf(
        clicks(1000, 42, (i) => 100 + 7 * i),
        42,
      ),
      control,
    );
    expect(close.pValue!).toBeCloseTo(0.7342213359309574, 8);
    expect(close.verdict).toBe('not-significant');
  });

  it('has no interval below 2 clicks, and no test', () => {
    expect(armEpc(armMoneyOf([], 0))).toEqual({ epcMinor: 0, lowMinor: null, highMinor: null });
    expect(armEpc(armMoneyOf([500], 1))).toEqual({ epcMinor: 50_000, lowMinor: null, highMinor: null });
    expect(epcTest(armMoneyOf([500], 1), control)).toMatchObject({ pValue: null, verdict: 'too-little-money' });
  });

  it('says the verdict in words', () => {
    const decided = revenueOutcome(
      [
        { variant: 'control', ...control },
        { variant: 'bold', ...bold },
      ],
      'control',
      'EUR',
    );
    expect(decided.verdict).toBe('higher');
    expect(decided.statement).toBe(
      'bold earns more per click than control (EPC 17.37 vs 9.46 EUR per 100 clicks, p = 0.0042)',
    );
    expect(decided.arms.map((a) => a.verdict)).toEqual(['control', 'higher']);
    expect(decided.arms[0]!.pValue).toBeNull();

    const few = revenueOutcome(
      [
        { variant: 'control', ...control },
        { variant: 'bold', ...bold, transactions: 12 },
      ],
      'control',
      'EUR',
    );
    expect(few.verdict).toBe('too-little-money');
    expect(few.statement).toBe(
      'too little money to decide: each arm needs at least 30 transactions counted in its EPC, and some commission (control 40, bold 12)',
    );
    // Enough transactions that earned nothing (all at 0.00) decide nothing either.
    const unpaid = revenueOutcome(
      [
        { variant: 'control', ...control, sumMinor: 0, sumSquaresMinor: 0 },
        { variant: 'bold', ...bold },
      ],
      'control',
      'EUR',
    );
    expect(unpaid.verdict).toBe('too-little-money');
    expect(unpaid.statement).toContain('(control 40 with no commission, bold 60)');
    expect(revenueOutcome([{ variant: 'control', ...control }], 'control', 'USD')).toMatchObject({
      verdict: 'too-little-money',
      statement: 'too little money to decide: no variant besides the control has been seen',
    });
    const even = revenueOutcome(
      [
        { variant: 'control', ...control },
        { variant: 'calm', ...control },
      ],
      'control',
      'USD',
    );
    expect(even.verdict).toBe('not-significant');
    expect(even.statement).toBe('calm: no significant difference in EPC from control (p = 1.0000)');
  });
});
