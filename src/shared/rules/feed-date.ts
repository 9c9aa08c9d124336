// Dates in an affiliate network's feed (issue 15's CSV import): strict, so a typo is a refused row, not a wrong expiry.
// Accepted: '' (no date), YYYY-MM-DD (midnight UTC), and YYYY-MM-DD[T or space]hh:mm[:ss[.fff]] with an optional Z or
// ±hh[:]mm offset (no offset: UTC). The day must exist in its month (2026-02-30 is refused); nothing else is guessed
// (03/04/2026 could be March or April).
const SHAPE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export type FeedDate = { ok: true; value: string | null } | { ok: false; message: string };

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The ISO instant of a feed date cell, null for an empty one, or why it is refused. */
export function parseFeedDate(cell: string): FeedDate {
  const text = cell.trim();
  if (text === '') return { ok: true, value: null };
  const m = SHAPE.exec(text);
  if (!m) return { ok: false, message: `"${text.slice(0, 40)}" is not a date (use YYYY-MM-DD or ISO 8601)` };
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59)
    return { ok: false, message: `"${text.slice(0, 40)}" is not a calendar date` };
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  let at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2));
    if (oh > 23 || om > 59) return { ok: false, message: `"${text.slice(0, 40)}" has a bad time-zone offset` };
    at -= sign * (oh * 60 + om) * 60_000;
  }
  return { ok: true, value: new Date(at).toISOString() };
}
