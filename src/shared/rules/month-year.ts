const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

// Only these six spellings are placeholders (SPEC §3: lower, title or upper case); '{mOnth}' is left as written.
const PLACEHOLDER = /\{(month|Month|MONTH|year|Year|YEAR)\}/g;

function sameCase(word: string, like: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]?.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/** SPEC §3 text helper: {month}/{year} in coupon text become the current month name (same case) and year, in `now`'s local time. */
export function fillMonthYear(text: string, now: Date): string {
  const month = MONTHS[now.getMonth()] ?? '';
  const year = String(now.getFullYear());
  return text.replace(PLACEHOLDER, (_match, name: string) =>
    name.toLowerCase() === 'month' ? sameCase(month, name) : year,
  );
}

/** SPEC §3: coupon text containing '<' is rendered as (sanitised) HTML rather than plain text. */
export function looksLikeHtml(text: string): boolean {
  return text.includes('<');
}
