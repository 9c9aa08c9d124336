import fc from 'fast-check';
import type { JsonValue } from '../../../src/shared/feeds/json-fields';
import { feedText, instant, pad } from './text-feed-invariants';

// Issue 30: values the Impact, Admitad and Tradedoubler properties feed their mappings: a network's own spelling of a
// field now and then replaced by any other JSON value (a number for a string, null, a list, an object).

/** Any JSON value a broken answer could put in a field. */
export const jsonJunk: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e21, '', ' '),
  feedText,
  fc.integer(),
  fc.double(),
  fc.array(feedText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), feedText, { maxKeys: 3 }),
);

/**
 * The network's spelling of a field, now and then any JSON at all: rarer than `mostly`'s other values, since a record
 * has many fields and most must be right for an offer to come out at all.
 */
export const field = <T extends JsonValue>(own: fc.Arbitrary<T>): fc.Arbitrary<JsonValue> =>
  fc.oneof({ arbitrary: own, weight: 15 }, { arbitrary: jsonJunk, weight: 1 });

/** An offset a feed may write after a local time (±hh:mm, in quarter hours). */
export const offsetMinutes = fc.integer({ min: -12 * 60, max: 14 * 60 }).map((m) => m - (m % 15));
export const offsetSpelling = (m: number) =>
  `${m < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(m) / 60))}:${pad(Math.abs(m) % 60)}`;

/** `2026-10-01 00:00:00` (or with a T), the instant's UTC wall time. */
export const wallTime = (d: Date, separator: ' ' | 'T' = ' ') =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${separator}` +
  `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

const wholeSeconds = (min: string, max: string) =>
  fc
    .date({ min: new Date(min), max: new Date(max), noInvalidDate: true })
    .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

/** Start and end instants: mostly in order (starts up to 2030, ends after), sometimes anywhere from 1970 to 9999. */
export const startInstant = fc.oneof(
  { arbitrary: wholeSeconds('2000-01-01T00:00:00Z', '2029-12-31T23:59:59Z'), weight: 4 },
  { arbitrary: instant, weight: 1 },
);
export const endInstant = fc.oneof(
  { arbitrary: wholeSeconds('2030-01-01T00:00:00Z', '2099-12-31T23:59:59Z'), weight: 4 },
  { arbitrary: instant, weight: 1 },
);
