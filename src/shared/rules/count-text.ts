// Counts as shoppers read them ("1,234"), the text Number#toLocaleString('en-US') writes for a whole number.
// Written out rather than through Intl: the first Intl.NumberFormat of a page loads the locale's data, ~11 ms of a
// phone's main thread while the page hydrates (and toLocaleString with a locale builds one per call).
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/** A whole count with thousands separators, en-US; fractions are rounded. */
export function countText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(Math.abs(n));
  const digits = whole < 1e21 ? String(whole).replace(THOUSANDS, ',') : whole.toLocaleString('en-US');
  return n < 0 && whole !== 0 ? `-${digits}` : digits;
}
