import type { EpcArmVerdict, EpcVerdict } from '../contract/experiments';
import { minorToDecimal } from '../revenue/money';
import { normalCdf } from './two-proportion';

// Issue 31: does a layout variant earn more per click than the control? Each counted click-out earns the commission
// matched to it (pending + approved + paid, in the report's currency) or 0, and EPC is the mean of those per-click
// earnings × 100 (earnings per 100 clicks, in minor units). Per arm the server sums in SQL only three numbers: clicks n,
// Σx and Σx² of the per-click earnings x; everything here follows from them:
//   mean m = Σx / n,  sample variance s² = (Σx² − (Σx)² / n) / (n − 1)
//   95 % interval of EPC: 100 (m ± t(0.975, n − 1) · s / √n), its lower end never below 0 (no click earns less)
//   Welch's t-test against the control (unequal variances, since a variant that sells more also varies more):
//     se² = s₁²/n₁ + s₂²/n₂,  t = (m₁ − m₂) / se,  ν = se⁴ / ((s₁²/n₁)² / (n₁ − 1) + (s₂²/n₂)² / (n₂ − 1))
//     p = 2 P(T_ν > |t|) = I_{ν/(ν+t²)}(ν/2, 1/2), the regularised incomplete beta function
// I_x(a, b) by its continued fraction (Lentz's method, Numerical Recipes §6.4), ln Γ by Lanczos (g = 7, 9 terms).
// Pure: the repository, the CLI and the console read the same answer.

/**
 * The fewest transactions (with their commission in the sum) either arm needs before the report decides anything.
 * Per-click earnings are very skewed (almost every click earns 0, a few earn a lot), and Welch's t-test leans on the
 * means being about normally distributed (the central limit theorem): with fewer paid clicks than this the mean is a
 * handful of sales, one large order swings it, and the p-value cannot be trusted. 30 is the usual rule of thumb for a
 * mean to be near normal; for data this skewed it is a floor, not a guarantee.
 */
export const EPC_MIN_TRANSACTIONS = 30;

/** A difference is reported when its two-sided p-value is below this: the 5 % the reveal test also uses. */
export const EPC_ALPHA = 0.05;

/** The confidence of each arm's EPC interval (95 %, matching EPC_ALPHA). */
export const EPC_CONFIDENCE = 0.95;

/**
 * Beyond these degrees of freedom Student's t is the standard normal to within 1e-5 (its 97.5 % point 1.959966 against
 * 1.959964), and the continued fraction, whose steps grow with √ν, is not worth running.
 */
const NORMAL_DF = 1e6;

/** One arm's money: what SQL sums per arm. Amounts in minor units of one currency. */
export interface ArmMoney {
  /** Counted click-outs (n). */
  clicks: number;
  /** Transactions whose commission is in the sum (the minimum counts these). */
  transactions: number;
  /** Σ of per-click earnings. */
  sumMinor: number;
  /** Σ of per-click earnings squared (a click's earnings: all its transactions together). */
  sumSquaresMinor: number;
}

/** An arm's EPC and its interval, per 100 clicks in minor units; no interval below 2 clicks. */
export interface ArmEpc {
  epcMinor: number;
  lowMinor: number | null;
  highMinor: number | null;
}

/** The aggregate of per-click earnings as SQL makes it (for tests and callers that hold the clicks). */
export function armMoneyOf(perClickMinor: readonly number[], transactions: number): ArmMoney {
  let sum = 0;
  let squares = 0;
  for (const x of perClickMinor) {
    sum += x;
    squares += x * x;
  }
  return { clicks: perClickMinor.length, transactions, sumMinor: sum, sumSquaresMinor: squares };
}

const mean = (a: ArmMoney) => (a.clicks > 0 ? a.sumMinor / a.clicks : 0);

/** The sample variance of per-click earnings; null below 2 clicks. Never negative (rounding of Σx² − (Σx)²/n). */
function variance(a: ArmMoney): number | null {
  if (a.clicks < 2) return null;
  return Math.max(0, (a.sumSquaresMinor - (a.sumMinor * a.sumMinor) / a.clicks) / (a.clicks - 1));
}

// Lanczos approximation of ln Γ(x), x > 0 (g = 7, n = 9; relative error below 1e-15).
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of I_x(a, b) (modified Lentz), converging fast for x < (a + 1) / (a + b + 2). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 20_000; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 + even * d;
    c = 1 + even / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 + odd * d;
    c = 1 + odd / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-14) break;
  }
  return h;
}

/**
 * The regularised incomplete beta function I_x(a, b), a, b > 0; `y` is 1 − x when the caller knows it more exactly
 * than the subtraction would (x near 1).
 */
export function incompleteBeta(a: number, b: number, x: number, y = 1 - x): number {
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(y));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(a, b, x)) / a;
  return 1 - (front * betaFraction(b, a, y)) / b;
}

/** Two-sided P(|T_df| ≥ |t|) of Student's t with df > 0 degrees of freedom. */
export function studentTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  const t2 = t * t;
  const p =
    df > NORMAL_DF ? 2 * (1 - normalCdf(Math.abs(t))) : incompleteBeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
  return Math.min(1, Math.max(0, p));
}

/** The t with two-sided tail `alpha` (t(1 − alpha/2, df)), by bisection on studentTwoSided (decreasing in t). */
export function studentQuantile(alpha: number, df: number): number {
  let lo = 0;
  let hi = 1e4;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSided(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** EPC (per 100 clicks) and its EPC_CONFIDENCE interval; 0 with no clicks or no money. */
export function armEpc(arm: ArmMoney): ArmEpc {
  const m = mean(arm);
  const v = variance(arm);
  if (v === null) return { epcMinor: m * 100, lowMinor: null, highMinor: null };
  const half = studentQuantile(1 - EPC_CONFIDENCE, arm.clicks - 1) * Math.sqrt(v / arm.clicks);
  return { epcMinor: m * 100, lowMinor: Math.max(0, m - half) * 100, highMinor: (m + half) * 100 };
}

export interface EpcComparison {
  t: number;
  df: number;
  /** Two-sided Welch p-value; null when either arm has fewer than 2 clicks. */
  pValue: number | null;
  verdict: EpcVerdict;
}

/** Whether an arm has too little money for the test to say anything: below the minimum, or nothing earned. */
export const tooLittleMoney = (a: ArmMoney): boolean => a.transactions < EPC_MIN_TRANSACTIONS || a.sumMinor <= 0;

/** Welch's t-test of `arm`'s per-click earnings against `control`'s, and what the report concludes from it. */
export function epcTest(arm: ArmMoney, control: ArmMoney): EpcComparison {
  const va = variance(arm);
  const vc = variance(control);
  const little = tooLittleMoney(arm) || tooLittleMoney(control);
  if (va === null || vc === null) return { t: 0, df: 0, pValue: null, verdict: 'too-little-money' };
  const diff = mean(arm) - mean(control);
  const sa = va / arm.clicks;
  const sc = vc / control.clicks;
  const se2 = sa + sc;
  let t: number;
  let df: number;
  let pValue: number;
  if (se2 === 0) {
    // Every click of each arm earned the same: the difference, if any, is certain.
    t = diff === 0 ? 0 : diff > 0 ? Infinity : -Infinity;
    df = arm.clicks + control.clicks - 2;
    pValue = diff === 0 ? 1 : 0;
  } else {
    t = diff / Math.sqrt(se2);
    df = (se2 * se2) / ((sa * sa) / (arm.clicks - 1) + (sc * sc) / (control.clicks - 1));
    pValue = studentTwoSided(t, df);
  }
  const verdict: EpcVerdict = little
    ? 'too-little-money'
    : pValue < EPC_ALPHA
      ? diff > 0
        ? 'higher'
        : 'lower'
      : 'not-significant';
  return { t, df, pValue, verdict };
}

export interface RevenueArm extends ArmMoney {
  variant: string;
}

export interface ArmRevenue {
  variant: string;
  epc: ArmEpc;
  pValue: number | null;
  verdict: EpcArmVerdict;
}

export interface RevenueOutcome {
  /** Of the experiment: too-little-money if any arm has too little (or none is compared), else higher if any arm
   * earns significantly more per click than the control, else lower if any earns less, else not-significant. */
  verdict: EpcVerdict;
  /** The verdict in words, e.g. "too little money to decide: …". */
  statement: string;
  arms: ArmRevenue[];
}

const epcText = (epcMinor: number, currency: string) => minorToDecimal(Math.round(epcMinor), currency);

/** "bold 12", "bold 40 with no commission", "bold 31 on 1 click". */
function armFewText(a: RevenueArm): string {
  const none = a.transactions > 0 && a.sumMinor <= 0 ? ' with no commission' : '';
  const clicks = a.clicks < 2 ? ` on ${a.clicks} click${a.clicks === 1 ? '' : 's'}` : '';
  return `${a.variant} ${a.transactions}${none}${clicks}`;
}

/** One variant's decided comparison in words. */
function comparisonText(a: ArmRevenue, control: string, controlEpc: number, currency: string): string {
  const p = `p = ${(a.pValue ?? 1).toFixed(4)}`;
  if (a.verdict === 'not-significant') return `${a.variant}: no significant difference in EPC from ${control} (${p})`;
  return (
    `${a.variant} earns ${a.verdict === 'higher' ? 'more' : 'less'} per click than ${control} (EPC ` +
    `${epcText(a.epc.epcMinor, currency)} vs ${epcText(controlEpc, currency)} ${currency} per 100 clicks, ${p})`
  );
}

/** Every arm's EPC, each variant's test against the control arm, and the experiment's verdict in numbers and words. */
export function revenueOutcome(arms: readonly RevenueArm[], control: string, currency: string): RevenueOutcome {
  const base = arms.find((a) => a.variant === control);
  const out = arms.map((a): ArmRevenue & { test: EpcComparison | null } => {
    const test = a === base || !base ? null : epcTest(a, base);
    return {
      variant: a.variant,
      epc: armEpc(a),
      pValue: test?.pValue ?? null,
      verdict: test?.verdict ?? 'control',
      test,
    };
  });
  const compared = out.filter((a) => a.test !== null);
  const verdicts = compared.map((a) => a.verdict);
  const verdict: EpcVerdict =
    compared.length === 0 || verdicts.includes('too-little-money')
      ? 'too-little-money'
      : verdicts.includes('higher')
        ? 'higher'
        : verdicts.includes('lower')
          ? 'lower'
          : 'not-significant';
  const controlEpc = out.find((o) => o.variant === control)?.epc.epcMinor ?? 0;
  const statement =
    compared.length === 0
      ? 'too little money to decide: no variant besides the control has been seen'
      : verdict === 'too-little-money'
        ? `too little money to decide: each arm needs at least ${EPC_MIN_TRANSACTIONS} transactions counted in its ` +
          `EPC, and some commission (${[...arms]
            .sort((a, b) => Number(b.variant === control) - Number(a.variant === control))
            .map(armFewText)
            .join(', ')})`
        : compared.map((a) => comparisonText(a, control, controlEpc, currency)).join('; ');
  return { verdict, statement, arms: out.map(({ test: _test, ...a }) => a) };
}
