import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { countdown } from '../../../src/shared/rules';

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const expiryAs = fc.constantFrom(
  (d: Date): string | Date => d,
  (d: Date): string | Date => d.toISOString(),
);
const minutesLeft = (c: ReturnType<typeof countdown>) =>
  c === null || c.expired ? 0 : c.days * 24 * 60 + c.hours * 60 + c.minutes;

describe('countdown (SPEC §2/§4 live countdown)', () => {
  it("shows 'Expired' exactly once the expiry has passed, and whole days/hours/minutes left before", () => {
    fc.assert(
      fc.property(instant, instant, expiryAs, (expiry, now, as) => {
        const c = countdown(as(expiry), now);
        expect(c).not.toBeNull();
        if (c === null) return;
        const left = expiry.getTime() - now.getTime();
        expect(c.expired).toBe(left <= 0);
        if (c.expired) {
          expect(c.label).toBe('Expired');
          return;
        }
        expect(minutesLeft(c)).toBe(Math.floor(left / 60_000));
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.label).toBe(`${c.days}d ${c.hours}h ${c.minutes}m`);
      }),
    );
  });

  it('turns to Expired exactly at the expiry instant, not a millisecond before', () => {
    // Offsets around zero so the boundary itself is hit on every run, not by luck.
    fc.assert(
      fc.property(instant, fc.integer({ min: -180_000, max: 180_000 }), (expiry, offset) => {
        const c = countdown(expiry.toISOString(), new Date(expiry.getTime() + offset));
        expect(c?.expired).toBe(offset >= 0);
        if (c && !c.expired) expect(minutesLeft(c)).toBe(Math.floor(-offset / 60_000));
      }),
    );
    expect(countdown(new Date(1000), new Date(1000))).toEqual({ expired: true, label: 'Expired' });
    expect(countdown(new Date(1001), new Date(1000))?.expired).toBe(false);
  });

  it('only counts down as time passes, and stays expired', () => {
    fc.assert(
      fc.property(instant, instant, fc.nat({ max: 400 * 24 * 3600 * 1000 }), (expiry, now, step) => {
        const before = countdown(expiry, now);
        const after = countdown(expiry, new Date(now.getTime() + step));
        expect(minutesLeft(after)).toBeLessThanOrEqual(minutesLeft(before));
        if (before?.expired) expect(after?.expired).toBe(true);
      }),
    );
  });

  it('is null when there is no expiry', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, undefined, '', '   ', 'soon'), instant, (expiry, now) => {
        expect(countdown(expiry, now)).toBeNull();
      }),
    );
  });
});
