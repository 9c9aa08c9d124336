/**
 * Expiry dates arrive as ISO strings or Dates. A string without a trailing Z whose shape is "YYYY[-MM[-DD]][ T]hh:mm:ss.ms"
 * (any part after the year optional) is read as local time, so a date-only expiry is local midnight; anything else goes
 * to the Date parser. That is dayjs's reading, in plain Date maths: dayjs cost every home page ~3.5 KB of script
 * (tests/property/rules/parse-date.test.ts checks the two agree). Blank, missing or unparsable values give null: an
 * unknown expiry is treated like no expiry.
 */
const LOCAL_SHAPE = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

function readLocal(text: string): Date {
  const m = /z$/i.test(text) ? null : LOCAL_SHAPE.exec(text);
  if (!m) return new Date(text);
  const n = (part: string | undefined, fallback: number) => (part ? Number(part) : fallback);
  const month = n(m[2], 1) - 1;
  const ms = Number((m[7] ?? '0').slice(0, 3));
  return new Date(n(m[1], 0), month, n(m[3], 1), n(m[4], 0), n(m[5], 0), n(m[6], 0), ms);
}

export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value == null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const d = typeof value === 'string' ? readLocal(value.trim()) : new Date(value.getTime());
  return Number.isNaN(d.getTime()) ? null : d;
}
