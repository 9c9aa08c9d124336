import type { CurrencyRate } from '../contract/revenue';

// Money as integer minor units with an ISO 4217 code (issue 31): no floating-point sums, no live rates. Pure.

/** ISO 4217 currencies whose minor unit is not a hundredth (every other code has 2 digits). */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** How many decimal digits a currency's minor unit has (2 for cents, 0 for yen, 3 for fils). */
export const currencyDigits = (currency: string): number => MINOR_DIGITS[currency] ?? 2;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A decimal amount as a report writes it ("12.5", "-0.30", "1234", 7.25) in minor units of `currency`, rounded half
 * away from zero exactly (no binary floating point on the digits). Null when it is not a plain decimal number.
 * Thousands separators and a decimal comma are the reader's business, not this function's.
 */
export function toMinorUnits(amount: string | number, currency: string): number | null {
  const text = typeof amount === 'number' ? numberText(amount) : amount.trim();
  if (text === null) return null;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const digits = currencyDigits(currency);
  const kept = (fraction + '0'.repeat(digits)).slice(0, digits);
  const next = fraction.charAt(digits);
  let units = Number((whole || '0') + kept);
  if (next !== '' && next >= '5') units += 1;
  if (!Number.isSafeInteger(units)) return null;
  return sign === '-' && units !== 0 ? -units : units;
}

function numberText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  // Shortest round-trip digits, never exponent notation for the amounts reports carry.
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** Minor units as a plain decimal string in the currency's digits ("1234" USD → "12.34"; JPY "1234"). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** The rate from one currency into another: 1 for the same code, the kept rate, the inverse of the reverse one. */
export function rateBetween(from: string, to: string, rates: readonly CurrencyRate[]): number | null {
  if (from === to) return 1;
  const direct = rates.find((r) => r.currency === from && r.to_currency === to);
  if (direct) return direct.rate;
  const reverse = rates.find((r) => r.currency === to && r.to_currency === from);
  return reverse ? 1 / reverse.rate : null;
}

/**
 * `minor` units of `from` in minor units of `to`, rounded to the nearest unit (half away from zero); null when the
 * rates table has no rate between them. Same currency: the amount itself.
 */
export function convertMinor(minor: number, from: string, to: string, rates: readonly CurrencyRate[]): number | null {
  if (from === to) return minor;
  const rate = rateBetween(from, to, rates);
  if (rate === null) return null;
  const scaled = (minor * rate * 10 ** currencyDigits(to)) / 10 ** currencyDigits(from);
  const rounded = Math.sign(scaled) * Math.round(Math.abs(scaled));
  return rounded === 0 ? 0 : rounded;
}
