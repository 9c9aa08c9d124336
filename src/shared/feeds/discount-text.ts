// Issue 30: the discount as shoppers read it ("20% off", "€10 off", "$10 off orders over $50"), for the JSON networks
// that give an amount or a percentage in fields of their own instead of (or besides) a headline (pure).

/** How each currency is written in front of or after the amount; others are written as their ISO code after it. */
const SIGNS: Readonly<Record<string, { sign: string; after?: boolean }>> = {
  USD: { sign: '$' },
  EUR: { sign: '€' },
  GBP: { sign: '£' },
  JPY: { sign: '¥' },
  INR: { sign: '₹' },
  KRW: { sign: '₩' },
  AUD: { sign: 'A$' },
  CAD: { sign: 'C$' },
  NZD: { sign: 'NZ$' },
  BRL: { sign: 'R$' },
  SEK: { sign: 'kr', after: true },
  NOK: { sign: 'kr', after: true },
  DKK: { sign: 'kr', after: true },
  PLN: { sign: 'zł', after: true },
  CZK: { sign: 'Kč', after: true },
  RUB: { sign: '₽', after: true },
  CHF: { sign: 'CHF', after: true },
};

/** An amount without needless decimals: 10, 12.50. */
const amountText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** "€10", "£5.50", "10 kr", "500 ₽", "10 XYZ"; the bare number when the currency is not a three-letter code. */
export function money(amount: number, currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  const n = amountText(amount);
  const known = SIGNS[code];
  if (known) return known.after ? `${n} ${known.sign}` : `${known.sign}${n}`;
  return /^[A-Z]{3}$/.test(code) ? `${n} ${code}` : n;
}

/** "20% off", "12.5% off". */
export const percentOff = (percent: number) => `${Number(percent.toFixed(2))}% off`;

export const amountOff = (amount: number, currency: string | null | undefined) => `${money(amount, currency)} off`;

/** "$10 off orders over $50": a headline with the least a shopper must spend. */
export const orderMinimum = (headline: string, minimum: string) => `${headline} orders over ${minimum}`;

const PERCENT = /^(\d{1,3}(?:[.,]\d{1,2})?)\s*%$/;
const AMOUNT = /^(\d{1,9}(?:[.,]\d{1,2})?)\s*([A-Za-z]{3})$/;

/**
 * A network's own discount text ("20%", "500 RUB") as a headline: "20% off", "500 ₽ off". Anything else ("up to 50%",
 * "500 ₽") gains " off" only when it is a bare amount; otherwise it is kept as written.
 */
export function discountHeadline(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  const percent = PERCENT.exec(t);
  if (percent) return percentOff(Number((percent[1] ?? '').replace(',', '.')));
  const amount = AMOUNT.exec(t);
  if (amount) return amountOff(Number((amount[1] ?? '').replace(',', '.')), amount[2]);
  return /^[\d\s.,]+\s*\p{Sc}$|^\p{Sc}\s*[\d\s.,]+$/u.test(t) ? `${t} off` : t;
}
