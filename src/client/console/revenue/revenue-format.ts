import { currencyDigits, minorToDecimal } from '../../../shared/revenue/money';

// How the Revenue tab writes its figures: amounts in their currency (Intl, the minor unit's digits from money.ts),
// counts with separators, conversion as a percentage, days in words. One locale, the console's (en-GB).

const LOCALE = 'en-GB';
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    const digits = currencyDigits(currency);
    try {
      format = new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // A code Intl does not know: the number and the code.
      format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** An amount in minor units as the currency writes it ("€1,234.50", "¥1,234"); fractions of a unit rounded. */
export function formatMoney(minor: number, currency: string): string {
  const format = moneyFormat(currency);
  const text = format.format(Number(minorToDecimal(Math.round(minor), currency)));
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

/** Minor units as the currency's major units (a number, for the chart's scale). */
export const toMajor = (minor: number, currency: string): number => minor / 10 ** currencyDigits(currency);

const COUNT = new Intl.NumberFormat(LOCALE);
export const formatCount = (n: number): string => COUNT.format(n);

const PERCENT = new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
/** A ratio 0–1 as a percentage ("12.5%"). */
export const formatPercent = (ratio: number): string => PERCENT.format(Number.isFinite(ratio) ? ratio : 0);

const DAY = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
/** A UTC day in words: "Sat 28 Nov". */
export const dayText = (day: string): string => DAY.format(noon(day));
/** A range in words: "8 Nov 2026 – 7 Dec 2026" (one day: the day). */
export const rangeText = (from: string, to: string): string =>
  from === to ? DATE.format(noon(from)) : `${DATE.format(noon(from))} – ${DATE.format(noon(to))}`;

/** A label as text: coupon titles may hold markup ("<b>60%</b> off"); a parsed document runs and loads nothing. */
export const textOf = (html: string): string =>
  /[<&]/.test(html) ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? html) : html;
