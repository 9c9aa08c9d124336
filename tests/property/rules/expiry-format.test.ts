import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { formatExpiry, expiryFirst10 } from '../../../src/shared/rules';

/** The month's English name, from the platform's own calendar (an oracle independent of the rule's table). */
const monthName = (m: number) => new Date(2000, m - 1, 1).toLocaleString('en-US', { month: 'long' });
const day = fc.record({
  y: fc.integer({ min: 1970, max: 2199 }),
  m: fc.integer({ min: 1, max: 12 }),
  d: fc.integer({ min: 1, max: 28 }),
});
const pad = (n: number) => String(n).padStart(2, '0');

describe('formatExpiry (SPEC §2 card expiry, DD MMMM YYYY)', () => {
  it('writes a date-only expiry as two-digit day, full month name and year', () => {
    fc.assert(
      fc.property(day, ({ y, m, d }) => {
        expect(formatExpiry(`${y}-${pad(m)}-${pad(d)}`)).toBe(`${pad(d)} ${monthName(m)} ${y}`);
      }),
    );
  });

  it('writes any parsable instant in the DD MMMM YYYY shape, and nonsense as empty', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('', '  ', 'not a date', '2026-13-45x'),
        (at, junk) => {
          expect(formatExpiry(at.toISOString())).toMatch(/^\d{2} [A-Z][a-z]+ \d{4}$/);
          expect(formatExpiry(junk)).toBe('');
        },
      ),
    );
  });

  it('writes what dayjs wrote before the rule dropped it, for date-only, local and zoned strings', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(10, 19, 24),
        (at, length) => {
          const text = at.toISOString().slice(0, length);
          expect(formatExpiry(text)).toBe(dayjs(text).format('DD MMMM YYYY'));
        },
      ),
    );
  });
});

describe('expiryFirst10 (SPEC §3 landing and Five layouts)', () => {
  it('is the first 10 characters of expiry_date, or empty when missing', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 30 }), { nil: undefined }), (raw) => {
        const out = expiryFirst10(raw);
        expect((raw ?? '').startsWith(out)).toBe(true);
        expect(Array.from(out).length).toBe(Math.min(10, Array.from(raw ?? '').length));
      }),
    );
  });
});
