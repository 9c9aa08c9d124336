import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { parseDate } from '../../../src/shared/rules';

// parseDate replaced dayjs in the browser's bundle; expiries must read exactly as they did.
const dayjsReading = (value: string | Date): number | null => {
  const d = dayjs(typeof value === 'string' ? value.trim() : value);
  return d.isValid() ? d.valueOf() : null;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const localShaped = fc
  .record({
    y: fc.integer({ min: 0, max: 9999 }),
    mo: fc.integer({ min: 0, max: 19 }),
    d: fc.integer({ min: 0, max: 39 }),
    h: fc.integer({ min: 0, max: 29 }),
    mi: fc.integer({ min: 0, max: 69 }),
    s: fc.integer({ min: 0, max: 69 }),
    ms: fc.integer({ min: 0, max: 99999 }),
    sep: fc.constantFrom('-', '/', ''),
    t: fc.constantFrom('T', 't', ' ', ''),
    parts: fc.integer({ min: 1, max: 7 }),
    zone: fc.constantFrom('', '', 'Z', 'z', '+02:00', '-0530'),
  })
  .map(({ y, mo, d, h, mi, s, ms, sep, t, parts, zone }) => {
    const pieces = [pad(y, 4), `${sep}${pad(mo)}`, `${sep}${pad(d)}`, `${t}${pad(h)}`, `:${pad(mi)}`, `:${pad(s)}`];
    return pieces.slice(0, Math.min(parts, 6)).join('') + (parts === 7 ? `.${ms}` : '') + zone;
  });

const instant = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2199-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('parseDate (expiry dates, read as dayjs read them)', () => {
  it('agrees with dayjs on date and date-time strings, with and without a zone', () => {
    fc.assert(
      fc.property(localShaped, fc.constantFrom('', ' '), (text, space) => {
        expect(parseDate(`${space}${text}${space}`)?.getTime() ?? null).toBe(dayjsReading(text));
      }),
    );
  });

  it('agrees with dayjs on arbitrary text, ISO instants and Dates', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), instant, (text, at) => {
        if (text.trim() !== '') expect(parseDate(text)?.getTime() ?? null).toBe(dayjsReading(text));
        expect(parseDate(at.toISOString())?.getTime()).toBe(at.getTime());
        expect(parseDate(at)?.getTime() ?? null).toBe(dayjsReading(at));
      }),
    );
  });

  it('reads a date-only string as local midnight and gives null for nothing', () => {
    expect(parseDate('2026-11-05')?.getTime()).toBe(new Date(2026, 10, 5).getTime());
    for (const nothing of [null, undefined, '', '   ', 'not a date', new Date(Number.NaN)])
      expect(parseDate(nothing)).toBeNull();
  });
});
