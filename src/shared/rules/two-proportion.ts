// Issue 16: is a layout variant's reveal rate different from the control's? A two-sided two-proportion z-test on the
// share of shoppers who revealed at least one coupon, with the pooled standard error:
//   p = (x1 + x2) / (n1 + n2),  se = sqrt(p (1 - p) (1/n1 + 1/n2)),  z = (x1/n1 - x2/n2) / se,  p-value = 2 (1 - Φ(|z|))
// Φ(z) = (1 + erf(z / √2)) / 2, erf by Abramowitz & Stegun, Handbook of Mathematical Functions, formula 7.1.26
// (absolute error below 1.5e-7, ample for a p-value). No statistics package: these few lines are the whole test.

/** erf(x), Abramowitz & Stegun 7.1.26. */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-x * x));
}

/** The standard normal CDF Φ(z). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

export interface ProportionTest {
  z: number;
  /** Two-sided; null when there is nothing to compare (an empty group, or every shopper alike in both). */
  pValue: number | null;
}

/** x1 of n1 shoppers against x2 of n2 (successes ≤ trials, all whole numbers ≥ 0). */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): ProportionTest {
  if (n1 <= 0 || n2 <= 0) return { z: 0, pValue: null };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, pValue: null };
  const z = (x1 / n1 - x2 / n2) / se;
  const p = 2 * (1 - normalCdf(Math.abs(z)));
  return { z, pValue: Math.min(1, Math.max(0, p)) };
}
