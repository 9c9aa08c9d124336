import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatZoned, fromZonedInput, toZonedInput, zoneOf } from '../../../src/shared/console/zoned-date';

// Issue 26: a coupon's dates are entered and shown on the tenant's wall clock, and stored as instants.
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe'];
const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:00Z'), noInvalidDate: true })
  .map((d) => new Date(Math.floor(d.getTime() / 60_000) * 60_000).toISOString());

describe('zoned dates of the console', () => {
  it('shows the instant it was given, on every zone’s wall clock (minute precision)', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (iso, zone) => {
        const local = toZonedInput(iso, zone);
        expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
        const back = fromZonedInput(local, zone)!;
        // The same wall clock again (an hour repeated by a DST change may read as either of its instants).
        expect(toZonedInput(back, zone)).toBe(local);
        if (zone === 'UTC') expect(back).toBe(iso);
      }),
    );
  });

  it('reads a wall-clock time in the zone, not in the browser’s', () => {
    expect(fromZonedInput('2026-12-31T00:00', 'Europe/Berlin')).toBe('2026-12-30T23:00:00.000Z');
    expect(fromZonedInput('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(fromZonedInput('2026-07-01T09:30', 'Asia/Kolkata')).toBe('2026-07-01T04:00:00.000Z');
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('31/12/2026', 'UTC')).toBeNull();
  });

  it('formats for people, never as an ISO string', () => {
    expect(formatZoned('2026-12-31T00:00:00.000Z', 'UTC')).toBe('31 Dec 2026, 00:00');
    expect(formatZoned('2026-12-31T00:00:00.000Z', 'Europe/Berlin')).toBe('31 Dec 2026, 01:00');
    expect(formatZoned(null, 'UTC')).toBe('—');
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (iso, zone) => {
        expect(formatZoned(iso, zone)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
      }),
    );
  });

  it('falls back to UTC for a zone the runtime does not know', () => {
    expect(zoneOf('Mars/Olympus')).toBe('UTC');
    expect(zoneOf(undefined)).toBe('UTC');
    expect(zoneOf('Europe/Berlin')).toBe('Europe/Berlin');
  });
});
