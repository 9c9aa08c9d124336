import { describe, it, expect } from 'vitest';
import {
  cut,
  slugLabel,
  fillMonthYear,
  looksLikeHtml,
  filterCategories,
  expiryFirst10,
  formatExpiry,
} from '../../../src/shared/rules';

describe('SPEC text cuts', () => {
  it('cuts a category tag to 28 characters plus "..."', () => {
    expect(cut('Nutritional Supplements & Vitamins', 28)).toBe('Nutritional Supplements & Vi...');
    expect(cut('Nutritional Supplements', 28)).toBe('Nutritional Supplements');
    expect(cut('x'.repeat(28), 28)).toBe('x'.repeat(28));
  });

  it('cuts names without splitting an emoji', () => {
    expect(cut('🎉🎉🎉 Deal', 2)).toBe('🎉🎉...');
    expect(cut(null, 50)).toBe('');
  });

  it('shows store slugs upper case, cut to 25 / 20 characters without an ellipsis', () => {
    expect(slugLabel('acme-outfitters-and-camping-gear', 25)).toBe('ACME-OUTFITTERS-AND-CAMPI');
    expect(slugLabel('acme-outfitters-and-camping-gear', 20)).toBe('ACME-OUTFITTERS-AND-');
    expect(slugLabel('pets-co', 20)).toBe('PETS-CO');
  });
});

describe('SPEC §3 text helper', () => {
  const november = new Date(2026, 10, 5, 12, 0);

  it('fills {month}/{year} in the placeholder case', () => {
    expect(fillMonthYear('Best {Month} {year} deals', november)).toBe('Best November 2026 deals');
    expect(fillMonthYear('{MONTH} SALE {YEAR}', november)).toBe('NOVEMBER SALE 2026');
    expect(fillMonthYear('valid in {month} of {Year}', november)).toBe('valid in november of 2026');
    expect(fillMonthYear('{mOnth} stays, {day} stays', november)).toBe('{mOnth} stays, {day} stays');
  });

  it("treats text containing '<' as HTML", () => {
    expect(looksLikeHtml('<b>20% off</b>')).toBe(true);
    expect(looksLikeHtml('20% off everything')).toBe(false);
  });
});

describe('SPEC §2 category sidebar filter', () => {
  const list = ['Professional', 'Pets', 'Air', 'Nutritional Supplements'].map((category, i) => ({
    category,
    count: i,
  }));

  it('matches a case-insensitive substring and keeps the order', () => {
    expect(filterCategories(list, 'P').map((c) => c.category)).toEqual([
      'Professional',
      'Pets',
      'Nutritional Supplements',
    ]);
    expect(filterCategories(list, 'AIR').map((c) => c.category)).toEqual(['Air']);
    expect(filterCategories(list, '  ')).toEqual(list);
    expect(filterCategories(list, 'xyz')).toEqual([]);
  });
});

describe('SPEC expiry display', () => {
  it("formats 'DD MMMM YYYY'", () => {
    expect(formatExpiry('2026-11-05')).toBe('05 November 2026');
    expect(formatExpiry('2026-11-05T12:00:00')).toBe('05 November 2026');
    expect(formatExpiry('not a date')).toBe('');
    expect(formatExpiry('')).toBe('');
  });

  it('shows the first 10 characters of expiry_date on landing and Five cards', () => {
    expect(expiryFirst10('2026-11-05T23:59:59.000Z')).toBe('2026-11-05');
    expect(expiryFirst10(null)).toBe('');
  });
});
