import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inSchedule,
  nextScheduleEdge,
  scheduleInstant,
  schedulesOverlap,
  zoneOffsetMs,
} from '../../../src/shared/layout/schedule';

// Schedule edges: a document serves from `from` (inclusive) to `until` (exclusive); nothing changes between two edges,
// so a cached page may live until the next one; wall-clock times are read in the tenant's zone.

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];
const T0 = Date.UTC(2026, 0, 1);
const YEAR = 365 * 86_400_000;
const instant = fc.integer({ min: T0, max: T0 + YEAR }).map((t) => Math.floor(t / 1000) * 1000);
const iso = (ms: number) => new Date(ms).toISOString();

/** The wall-clock time of an instant in a zone, as a schedule would spell it (no offset). */
function wall(at: number, zone: string): string {
  return new Date(at + zoneOffsetMs(zone, at)).toISOString().slice(0, 19);
}

describe('schedules', () => {
  it('serve from the first instant to just before the end', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1000, max: YEAR }), (from, length) => {
        const s = { from: iso(from), until: iso(from + length) };
        expect(inSchedule(s, from - 1)).toBe(false);
        expect(inSchedule(s, from)).toBe(true);
        expect(inSchedule(s, from + length - 1)).toBe(true);
        expect(inSchedule(s, from + length)).toBe(false);
      }),
    );
  });

  it('change nothing between now and the next edge, and something at it', () => {
    const schedules = fc.array(
      fc
        .tuple(instant, fc.integer({ min: 1000, max: YEAR / 4 }))
        .map(([f, l]) => ({ schedule: { from: iso(f), until: iso(f + l) } })),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(schedules, instant, fc.double({ min: 0, max: 1, noNaN: true }), (docs, now, frac) => {
        const wrapped = docs.map((doc) => ({ doc }));
        const next = nextScheduleEdge(wrapped, now);
        const state = (t: number) => docs.map((d) => inSchedule(d.schedule, t)).join();
        if (next === null) {
          expect(state(now)).toBe(state(now + YEAR * 2));
          return;
        }
        expect(next).toBeGreaterThan(now);
        const between = now + Math.floor((next - now - 1) * frac);
        expect(state(between)).toBe(state(now));
        expect(state(next)).not.toBe(state(next - 1));
      }),
    );
  });

  it('read a wall-clock time in the tenant zone: the instant shows that wall time there', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (at, zone) => {
        const local = wall(at, zone);
        const back = scheduleInstant(local, zone);
        expect(back).not.toBeNull();
        // Inside a DST fold the earlier or later instant may be meant; both show the same wall time.
        expect(wall(back!, zone)).toBe(local);
      }),
    );
  });

  it('overlap exactly when they share an instant', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1000, max: YEAR }),
        instant,
        fc.integer({ min: 1000, max: YEAR }),
        (a, la, b, lb) => {
          const x = { from: iso(a), until: iso(a + la) };
          const y = { from: iso(b), until: iso(b + lb) };
          expect(schedulesOverlap(x, y)).toBe(a < b + lb && b < a + la);
          expect(schedulesOverlap(x, y)).toBe(schedulesOverlap(y, x));
        },
      ),
    );
  });

  it('reject dates that do not exist', () => {
    expect(scheduleInstant('2026-02-30T00:00:00Z')).toBeNull();
    expect(scheduleInstant('2026-11-27T24:00')).toBeNull();
    expect(scheduleInstant('2026-11-27T10:00:00+01:00')).toBe(Date.UTC(2026, 10, 27, 9));
    expect(scheduleInstant('2026-11-27T00:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 27, 5));
  });
});
