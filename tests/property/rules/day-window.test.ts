import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayText, dayWindows, localDayNumber, startOfLocalDay, WEEK_DAYS } from '../../../src/shared/rules/day-window';

// The console's first screen reads "today" and "the last 7 days" in each tenant's time zone (issue 26).
const HOUR = 3_600_000;
const instant = fc
  .date({ min: new Date('1975-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.getTime());
/** UTC, whole and half and quarter hours, both hemispheres' DST, a 30-minute DST (Lord Howe), the date line. */
const ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Santiago',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Africa/Casablanca',
] as const;
const zone = fc.constantFrom(...ZONES);
/** The local date of an instant as Intl spells it, a check independent of the day numbers. */
const localDate = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('day windows in a time zone', () => {
  it('puts now in today, today in the week, and both end at the start of tomorrow', () => {
    fc.assert(
      fc.property(instant, zone, (now, tz) => {
        const w = dayWindows(now, tz);
        expect(w.today.from).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(w.today.until);
        expect(w.week.from).toBeLessThan(w.today.from);
        expect(w.week.until).toBe(w.today.until);
        expect(w.date).toBe(localDate(now, tz));
      }),
    );
  });

  it('starts each day at the first instant of its local date', () => {
    fc.assert(
      fc.property(instant, zone, (now, tz) => {
        const w = dayWindows(now, tz);
        for (const [start, date] of [
          [w.today.from, w.date],
          [w.week.from, dayText(localDayNumber(now, tz) - (WEEK_DAYS - 1))],
          [w.today.until, dayText(localDayNumber(now, tz) + 1)],
        ] as const) {
          expect(localDate(start, tz)).toBe(date);
          expect(localDate(start - 1, tz) < date).toBe(true);
        }
      }),
    );
  });

  it('makes a day 22 to 26 hours long and the week seven such days', () => {
    fc.assert(
      fc.property(instant, zone, (now, tz) => {
        const w = dayWindows(now, tz);
        const day = w.today.until - w.today.from;
        expect(day).toBeGreaterThanOrEqual(22 * HOUR);
        expect(day).toBeLessThanOrEqual(26 * HOUR);
        const week = w.week.until - w.week.from;
        expect(Math.abs(week - WEEK_DAYS * 24 * HOUR)).toBeLessThanOrEqual(2 * HOUR);
      }),
    );
  });

  it('gives every instant of one local day the same windows', () => {
    fc.assert(
      fc.property(instant, zone, fc.double({ min: 0, max: 1, noNaN: true }), (now, tz, share) => {
        const w = dayWindows(now, tz);
        const other = w.today.from + Math.floor(share * (w.today.until - w.today.from - 1));
        expect(dayWindows(other, tz)).toEqual(w);
      }),
    );
  });

  it('reads an unknown zone as UTC', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const w = dayWindows(now, 'Mars/Olympus_Mons');
        expect(w.timeZone).toBe('UTC');
        expect(w.today.from).toBe(Math.floor(now / (24 * HOUR)) * 24 * HOUR);
        expect(w.week.from).toBe(w.today.from - 6 * 24 * HOUR);
      }),
    );
  });

  it('knows the days a DST change shortens or skips the start of', () => {
    // Santiago's clocks went from 2022-09-11 00:00 to 01:00 (midnight skipped): the day starts at 01:00 local (04:00Z).
    expect(
      new Date(
        startOfLocalDay(localDayNumber(Date.parse('2022-09-11T12:00:00Z'), 'America/Santiago'), 'America/Santiago'),
      ).toISOString(),
    ).toBe('2022-09-11T04:00:00.000Z');
    // Berlin's spring-forward day has 23 hours; Samoa skipped 2011-12-30 altogether.
    const berlin = dayWindows(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(berlin.today).toEqual({
      from: Date.parse('2026-03-28T23:00:00Z'),
      until: Date.parse('2026-03-29T22:00:00Z'),
    });
    const apia = dayWindows(Date.parse('2011-12-31T12:00:00Z'), 'Pacific/Apia');
    expect(apia.date).toBe('2012-01-01');
    // Its week is six days long: 2011-12-26 (UTC−10) to 2012-01-01 (UTC+14).
    expect(apia.week.from).toBe(Date.parse('2011-12-26T10:00:00Z'));
    expect(apia.today.from).toBe(Date.parse('2011-12-31T10:00:00Z'));
  });
});
