import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { revealLink, isExpired } from '../../../src/shared/rules';

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const link = fc.webUrl();

describe('revealLink / isExpired (SPEC §4 reveal flow)', () => {
  it('picks finalLink before the expiry and link from the expiry on', () => {
    fc.assert(
      fc.property(instant, instant, link, link, (expiry, now, finalLink, plain) => {
        const chosen = revealLink({ expiry_date: expiry.toISOString(), finalLink, link: plain }, now);
        expect(chosen).toBe(now.getTime() >= expiry.getTime() ? plain : finalLink);
        expect(isExpired(expiry.toISOString(), now)).toBe(now.getTime() >= expiry.getTime());
      }),
    );
  });

  it('switches to link exactly at the expiry instant', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -5_000, max: 5_000 }), link, link, (expiry, offset, finalLink, plain) => {
        const now = new Date(expiry.getTime() + offset);
        expect(revealLink({ expiry_date: expiry.toISOString(), finalLink, link: plain }, now)).toBe(
          offset >= 0 ? plain : finalLink,
        );
      }),
    );
  });

  it('picks finalLink when there is no expiry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(undefined, null, '', '  ', 'not a date'),
        instant,
        link,
        link,
        (expiry, now, finalLink, plain) => {
          expect(revealLink({ expiry_date: expiry, finalLink, link: plain }, now)).toBe(finalLink);
          expect(isExpired(expiry, now)).toBe(false);
        },
      ),
    );
  });

  it('answers null (fetch it) when the chosen link is not supplied, never the other one', () => {
    fc.assert(
      fc.property(
        instant,
        instant,
        link,
        fc.constantFrom(undefined, null, '', ' '),
        (expiry, now, present, missing) => {
          const expired = now.getTime() >= expiry.getTime();
          const coupon = expired
            ? { expiry_date: expiry.toISOString(), finalLink: present, link: missing }
            : { expiry_date: expiry.toISOString(), finalLink: missing, link: present };
          expect(revealLink(coupon, now)).toBeNull();
        },
      ),
    );
  });

  it('once expired stays expired as time goes on', () => {
    fc.assert(
      fc.property(instant, instant, fc.nat({ max: 10 ** 10 }), (expiry, now, later) => {
        const iso = expiry.toISOString();
        if (isExpired(iso, now)) expect(isExpired(iso, new Date(now.getTime() + later))).toBe(true);
      }),
    );
  });
});
