import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  isReportedNotWorking,
  isVerified,
  MIN_RATED_VOTES,
  MIN_REPORT_VOTES,
  successRate,
} from '../../../src/shared/rules';

// Issue 13: what the pooled votes say about a code (success rate, "reported not working", "verified").
const count = fc.nat({ max: 100_000 });
const anyNumber = fc.oneof(count, fc.integer(), fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0));

describe('successRate', () => {
  it('is null under 3 votes and a whole percentage in 0..100 from 3 votes on', () => {
    fc.assert(
      fc.property(count, count, (w, f) => {
        const rate = successRate(w, f);
        if (w + f < MIN_RATED_VOTES) expect(rate).toBeNull();
        else {
          expect(Number.isInteger(rate)).toBe(true);
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(100);
          expect(rate).toBe(Math.round((100 * w) / (w + f)));
        }
      }),
    );
  });

  it('never goes down with one more "worked" vote, never up with one more "failed" vote', () => {
    fc.assert(
      fc.property(count, count, (w, f) => {
        const rate = successRate(w, f);
        if (rate === null) return;
        expect(successRate(w + 1, f)).toBeGreaterThanOrEqual(rate);
        expect(successRate(w, f + 1)).toBeLessThanOrEqual(rate);
      }),
    );
  });

  it('is 100 with only "worked" votes and 0 with only "failed" ones (from 3 votes)', () => {
    fc.assert(
      fc.property(fc.integer({ min: MIN_RATED_VOTES, max: 100_000 }), (n) => {
        expect(successRate(n, 0)).toBe(100);
        expect(successRate(0, n)).toBe(0);
      }),
    );
  });

  it('takes anything that is not a count as no votes, and answers null or 0..100 whatever it is given', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (w, f) => {
        const rate = successRate(w, f);
        if (rate !== null) expect(rate >= 0 && rate <= 100).toBe(true);
      }),
    );
    expect(successRate(NaN, 5)).toBe(0);
    expect(successRate(-4, 2)).toBeNull();
  });
});

describe('isReportedNotWorking and isVerified', () => {
  it('are never both true, and need 5 and 3 votes', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (w, f) => {
        expect(isReportedNotWorking(w, f) && isVerified(w, f)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(count, count, (w, f) => {
        if (w + f < 5) expect(isReportedNotWorking(w, f)).toBe(false);
        if (w + f < 3) expect(isVerified(w, f)).toBe(false);
      }),
    );
  });

  it('cut exactly at 40 % (exclusive) and 70 % (inclusive), not at the rounded rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (k) => {
        // 2k of 5k is exactly 40 %: not reported; one "worked" vote fewer (one "failed" more) is.
        expect(isReportedNotWorking(2 * k, 3 * k)).toBe(false);
        expect(isReportedNotWorking(2 * k - 1, 3 * k + 1)).toBe(true);
        // 7k of 10k is exactly 70 %: verified; one fewer is not.
        expect(isVerified(7 * k, 3 * k)).toBe(true);
        expect(isVerified(7 * k - 1, 3 * k + 1)).toBe(false);
      }),
    );
    // 16 of 23 is 69.57 %: rounds to 70, still not verified. 9 of 23 is 39.13 %: rounds to 39, reported.
    expect(successRate(16, 7)).toBe(70);
    expect(isVerified(16, 7)).toBe(false);
    expect(isReportedNotWorking(9, 14)).toBe(true);
    // 79 of 200 is 39.5 %: rounds to 40 yet is under 40 %.
    expect(successRate(79, 121)).toBe(40);
    expect(isReportedNotWorking(79, 121)).toBe(true);
  });

  it('agree with the exact fraction for any counts', () => {
    fc.assert(
      fc.property(count, count, (w, f) => {
        const n = w + f;
        expect(isReportedNotWorking(w, f)).toBe(n >= 5 && w / n < 0.4 - 1e-12);
        expect(isVerified(w, f)).toBe(n >= 3 && w / n >= 0.7 - 1e-12);
      }),
    );
  });

  it('move with the votes: more "worked" never reports, more "failed" never verifies', () => {
    fc.assert(
      fc.property(count, count, (w, f) => {
        // Once a code has enough votes to be judged, another "worked" never reports it. Below that count it can:
        // 0 worked / 4 failed is too few to judge, 1 / 5 is judged at 20 %.
        if (!isReportedNotWorking(w, f) && w + f >= MIN_REPORT_VOTES)
          expect(isReportedNotWorking(w + 1, f)).toBe(false);
        if (isVerified(w, f)) expect(isVerified(w + 1, f)).toBe(true);
        if (!isVerified(w, f) && w + f >= 3) expect(isVerified(w, f + 1)).toBe(false);
        if (isReportedNotWorking(w, f)) expect(isReportedNotWorking(w, f + 1)).toBe(true);
      }),
    );
  });
});
