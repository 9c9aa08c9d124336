import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import { fillMonthYear, looksLikeHtml } from '../../../src/shared/rules';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const PLACEHOLDERS = ['{month}', '{Month}', '{MONTH}', '{year}', '{Year}', '{YEAR}'];
const now = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2200-01-01T00:00:00Z'),
  noInvalidDate: true,
});
// Coupon-like text with placeholders, stray braces and near-misses mixed in.
const piece = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom(...PLACEHOLDERS, '{', '}', '{mOnth}', '{ month }', '{{', 'month', '<b>'),
);
const template = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(''));

describe('fillMonthYear (SPEC §3 text helper)', () => {
  it('leaves no placeholder behind', () => {
    fc.assert(
      fc.property(template, now, (text, at) => {
        const out = fillMonthYear(text, at);
        for (const p of PLACEHOLDERS) expect(out).not.toContain(p);
      }),
    );
  });

  it('is the identity on text without braces', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{')),
        now,
        (text, at) => {
          expect(fillMonthYear(text, at)).toBe(text);
        },
      ),
    );
  });

  it('writes the month name in the placeholder case and the four-digit year', () => {
    fc.assert(
      fc.property(
        now,
        fc.string({ maxLength: 5 }).filter((s) => !s.includes('{')),
        (at, sep) => {
          const month = MONTHS[at.getMonth()] ?? '';
          const title = month.charAt(0).toUpperCase() + month.slice(1);
          const year = String(at.getFullYear());
          const out = fillMonthYear(PLACEHOLDERS.join(sep), at);
          expect(out).toBe([month, title, month.toUpperCase(), year, year, year].join(sep));
        },
      ),
    );
  });

  it('changes nothing outside the placeholders', () => {
    fc.assert(
      fc.property(template, now, (text, at) => {
        const strip = (s: string) => s.split(/\{(?:month|Month|MONTH|year|Year|YEAR)\}/);
        const outside = strip(text);
        const out = fillMonthYear(text, at);
        // Each gap between placeholders survives in order.
        let from = 0;
        for (const gap of outside) {
          const at2 = out.indexOf(gap, from);
          expect(at2).toBeGreaterThanOrEqual(from);
          from = at2 + gap.length;
        }
      }),
    );
  });
});

describe('looksLikeHtml (SPEC §3)', () => {
  it('is true exactly when the text contains <', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (a, b, withTag) => {
        const text = withTag ? `${a}<${b}` : `${a}${b}`;
        expect(looksLikeHtml(text)).toBe(text.includes('<'));
        if (withTag) expect(looksLikeHtml(text)).toBe(true);
      }),
    );
  });
});
