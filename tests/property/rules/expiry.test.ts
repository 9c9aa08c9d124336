import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { countdown, isExpired, revealLink } from '../../../src/shared/rules';

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('isExpired (SPEC §4: one rule for the reveal link, the API and the countdown)', () => {
  it('is expired exactly from the expiry instant on', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -5_000, max: 5_000 }), (expiry, offset) => {
        const now = new Date(expiry.getTime() + offset);
        expect(isExpired(expiry.toISOString(), now)).toBe(offset >= 0);
      }),
    );
  });

  it('agrees with the countdown and the reveal link choice at every instant', () => {
    fc.assert(
      fc.property(instant, instant, (expiry, now) => {
        const iso = expiry.toISOString();
        const expired = isExpired(iso, now);
        expect(countdown(iso, now)?.expired).toBe(expired);
        expect(
          revealLink({ expiry_date: iso, finalLink: 'https://final.example/', link: 'https://plain.example/' }, now),
        ).toBe(expired ? 'https://plain.example/' : 'https://final.example/');
      }),
    );
  });

  it('never expires a coupon without a (parsable) expiry', () => {
    fc.assert(
      fc.property(fc.constantFrom(undefined, null, '', '  ', 'not a date'), instant, (expiry, now) => {
        expect(isExpired(expiry, now)).toBe(false);
      }),
    );
  });
});
