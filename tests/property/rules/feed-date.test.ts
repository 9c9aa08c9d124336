import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeedDate } from '../../../src/shared/rules/feed-date';

// The CSV import's dates: every real calendar day is read as that day (UTC), every impossible one is refused.
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const day = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('parseFeedDate (CSV import dates)', () => {
  it('reads YYYY-MM-DD and ISO date-times as the instant they name', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('T', ' '), (d, sep) => {
        const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
        const midnight = parseFeedDate(date);
        expect(midnight).toEqual({ ok: true, value: `${date}T00:00:00.000Z` });
        const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
        expect(parseFeedDate(`${date}${sep}${time}Z`)).toEqual({
          ok: true,
          value: new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString(),
        });
      }),
    );
  });

  it('applies a ±hh:mm offset', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -14 * 60, max: 14 * 60 }), (d, minutes) => {
        const base = new Date(Math.floor(d.getTime() / 60_000) * 60_000);
        const local = new Date(base.getTime() + minutes * 60_000);
        const sign = minutes < 0 ? '-' : '+';
        const abs = Math.abs(minutes);
        const text = `${local.toISOString().slice(0, 16)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
        expect(parseFeedDate(text)).toEqual({ ok: true, value: base.toISOString() });
      }),
    );
  });

  it('refuses days that do not exist and shapes it would have to guess', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
        expect(parseFeedDate(`${y}-${pad(m)}-${pad(last)}`).ok).toBe(true);
        expect(parseFeedDate(`${y}-${pad(m)}-${pad(last + 1)}`).ok).toBe(false);
        expect(parseFeedDate(`${pad(m)}/${pad(last)}/${y}`).ok).toBe(false);
        expect(parseFeedDate(`${y}-${pad(m + 12)}-01`).ok).toBe(false);
      }),
    );
    expect(parseFeedDate('')).toEqual({ ok: true, value: null });
    expect(parseFeedDate('soon').ok).toBe(false);
  });
});
