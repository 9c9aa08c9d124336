import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  compactVerificationText,
  isReportedNotWorking,
  isVerified,
  successRate,
  timeAgo,
  verificationText,
} from '../../../src/shared/rules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const votes = fc.record({
  worked: fc.nat({ max: 5_000 }),
  failed: fc.nat({ max: 5_000 }),
  last_worked_at: fc.option(
    instant.map((d) => d.toISOString()),
    { nil: null },
  ),
});
// Small tallies are where the thresholds (3 and 5 votes, 40 % and 70 %) bite.
const fewVotes = fc.record({
  worked: fc.nat({ max: 12 }),
  failed: fc.nat({ max: 12 }),
  last_worked_at: fc.constant<string | null>('2026-01-01T00:00:00.000Z'),
});
const anyVotes = fc.oneof(votes, fewVotes);

describe('timeAgo (the cards\' "last worked" time)', () => {
  it('names the whole minutes, hours or days elapsed, in the largest unit under the next', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 400 * DAY }), (then, ago) => {
        const text = timeAgo(then.toISOString(), new Date(then.getTime() + ago));
        if (ago < MINUTE) {
          expect(text).toBe('just now');
          return;
        }
        const match = /^(\d+) (min|h|d) ago$/.exec(text ?? '');
        expect(match).not.toBeNull();
        const n = Number(match![1]);
        const unit = { min: MINUTE, h: HOUR, d: DAY }[match![2] as 'min' | 'h' | 'd'];
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n * unit).toBeLessThanOrEqual(ago);
        expect((n + 1) * unit).toBeGreaterThan(ago);
        if (unit === MINUTE) expect(ago).toBeLessThan(HOUR);
        if (unit === HOUR) expect(ago).toBeLessThan(DAY);
      }),
    );
  });

  it('says "just now" for an instant ahead of the clock, and nothing for a missing or bad one', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 10 * DAY }),
        fc.constantFrom(null, undefined, '', 'yesterday'),
        (now, ahead, bad) => {
          expect(timeAgo(new Date(now.getTime() + ahead).toISOString(), now)).toBe('just now');
          expect(timeAgo(bad, now)).toBeNull();
        },
      ),
    );
  });
});

describe('verificationText (issue 13 deal card line)', () => {
  it('says "Not yet verified" exactly when nobody voted', () => {
    fc.assert(
      fc.property(anyVotes, instant, (v, now) => {
        const out = verificationText(v, now);
        expect(out.text === 'Not yet verified').toBe(v.worked + v.failed === 0);
        if (out.text === 'Not yet verified') expect(out.tone).toBe('unverified');
      }),
    );
  });

  it('says "Reported not working" exactly when the shared rule says so', () => {
    fc.assert(
      fc.property(anyVotes, instant, (v, now) => {
        const out = verificationText(v, now);
        expect(out.text === 'Reported not working').toBe(isReportedNotWorking(v.worked, v.failed));
        expect(out.tone === 'reported').toBe(isReportedNotWorking(v.worked, v.failed));
      }),
    );
  });

  it('otherwise tells the tally, and when a vote worked how long ago; green exactly when Verified', () => {
    fc.assert(
      fc.property(anyVotes, instant, (v, now) => {
        const out = verificationText(v, now);
        if (v.worked + v.failed === 0 || isReportedNotWorking(v.worked, v.failed)) return;
        expect(out.label).toBe(`Worked for ${v.worked} of ${v.worked + v.failed}`);
        const ago = v.worked > 0 ? timeAgo(v.last_worked_at, now) : null;
        expect(out.lastWorked).toEqual(ago && v.last_worked_at ? { at: v.last_worked_at, ago } : null);
        expect(out.text).toBe(out.lastWorked ? `${out.label} · last worked ${out.lastWorked.ago}` : out.label);
        expect(out.tone).toBe(isVerified(v.worked, v.failed) ? 'good' : 'mixed');
      }),
    );
  });

  it('is the same words for the same instant (server render and hydration agree)', () => {
    fc.assert(
      fc.property(anyVotes, instant, (v, now) => {
        expect(verificationText(v, new Date(now.getTime()))).toEqual(verificationText({ ...v }, now));
      }),
    );
  });
});

describe('compactVerificationText (home cards)', () => {
  it('is short, and says the rounded success rate when there is one', () => {
    fc.assert(
      fc.property(anyVotes, (v) => {
        const { text, tone } = compactVerificationText(v);
        expect(text.length).toBeLessThanOrEqual(20);
        expect(tone).toBe(verificationText(v, new Date(0)).tone);
        const rate = successRate(v.worked, v.failed);
        if (tone === 'unverified') expect(text).toBe('Not yet verified');
        else if (tone === 'reported') expect(text).toBe('Reported not working');
        else if (rate === null) expect(text).toBe(`Worked for ${v.worked} of ${v.worked + v.failed}`);
        else expect(text).toBe(`${rate}% worked`);
      }),
    );
  });
});
