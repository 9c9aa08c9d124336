import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pageWindow } from '../../../src/shared/rules/page-window';

describe('pageWindow', () => {
  it('lists first, last and the current page, in order, within 1..total, gaps never doubled', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: -5, max: 600 }),
        fc.integer({ min: 0, max: 5 }),
        (total, current, radius) => {
          const pages = pageWindow(current, total, radius);
          const numbers = pages.filter((n): n is number => n !== null);
          const clamped = Math.min(Math.max(1, current), total);
          expect(numbers[0]).toBe(1);
          expect(numbers[numbers.length - 1]).toBe(total);
          expect(numbers).toContain(clamped);
          for (let i = 1; i < numbers.length; i++) expect(numbers[i]!).toBeGreaterThan(numbers[i - 1]!);
          for (let i = 1; i < pages.length; i++) expect(pages[i] === null && pages[i - 1] === null).toBe(false);
          expect(numbers.length).toBeLessThanOrEqual(2 * radius + 3);
        },
      ),
    );
  });

  it('shows every page when there are few', () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(7, 20)).toEqual([1, null, 5, 6, 7, 8, 9, null, 20]);
  });
});
