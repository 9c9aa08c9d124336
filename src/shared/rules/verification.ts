// Issue 13: what shoppers' "did it work?" votes say about a code. Pure, on counted votes only; the database's
// coupon_verification table stores the same two flags as generated columns (tests/server/votes.test.ts checks they
// agree with these functions).

/** Under this many votes a code has no success rate (one or two votes say little). */
export const MIN_RATED_VOTES = 3;
/** At least this many votes before a code can be reported not working. */
export const MIN_REPORT_VOTES = 5;
/** Below this success rate (exclusive) with MIN_REPORT_VOTES votes, a code is "Reported not working". */
export const NOT_WORKING_BELOW = 40;
/** At or above this success rate a code passes the "verified" filter. */
export const VERIFIED_FROM = 70;

// Anything that is not a count is no votes; absurd counts are capped so that w * 100 stays finite (rate ≤ 100).
const valid = (n: number): number =>
  Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER) : 0;

/** The whole-number percentage of votes that said it worked, or null under MIN_RATED_VOTES votes. */
export function successRate(worked: number, failed: number): number | null {
  const w = valid(worked);
  const total = w + valid(failed);
  if (total < MIN_RATED_VOTES) return null;
  return Math.round((w * 100) / total);
}

/** Under 40 % with at least 5 votes: such codes sink below working ones and carry the mark. Exact, not rounded. */
export function isReportedNotWorking(worked: number, failed: number): boolean {
  const w = valid(worked);
  const total = w + valid(failed);
  return total >= MIN_REPORT_VOTES && w * 100 < total * NOT_WORKING_BELOW;
}

/** At least 70 % with a success rate at all (MIN_RATED_VOTES votes): the "verified" filter. Exact, not rounded. */
export function isVerified(worked: number, failed: number): boolean {
  const w = valid(worked);
  const total = w + valid(failed);
  return total >= MIN_RATED_VOTES && w * 100 >= total * VERIFIED_FROM;
}
