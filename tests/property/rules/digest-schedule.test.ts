import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestDue, isoWeek, WEEKDAYS } from '../../../src/shared/rules/digest-schedule';

const HOUR = 3_600_000;
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2090-01-01T00:00:00Z'),
  noInvalidDate: true,
});

describe('digest schedule', () => {
  it('is due in exactly one hour of any 168 consecutive hours', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...WEEKDAYS), fc.integer({ min: 0, max: 23 }), (start, day, hour) => {
        let due = 0;
        for (let h = 0; h < 168; h++) if (digestDue(new Date(start.getTime() + h * HOUR), day, hour)) due++;
        expect(due).toBe(1);
      }),
    );
  });

  it('gives Monday to Sunday one ISO week, and the next Monday the next one', () => {
    fc.assert(
      fc.property(instant, (date) => {
        const monday = Date.UTC(
          date.getUTCFullYear(),
          date.getUTCMonth(),
          date.getUTCDate() - ((date.getUTCDay() + 6) % 7),
        );
        const week = isoWeek(new Date(monday));
        for (let d = 0; d < 7; d++) expect(isoWeek(new Date(monday + d * 24 * HOUR + 23 * HOUR))).toBe(week);
        const next = isoWeek(new Date(monday + 7 * 24 * HOUR));
        expect(next).not.toBe(week);
        expect(next > week).toBe(true);
      }),
    );
  });

  it('matches known ISO weeks', () => {
    expect(isoWeek(new Date('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
    expect(isoWeek(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(isoWeek(new Date('2026-11-25T12:00:00Z'))).toBe('2026-W48');
  });
});
