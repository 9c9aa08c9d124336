import { describe, expect, it } from 'vitest';
import { affiliateDisclosure, DEFAULT_AFFILIATE_DISCLOSURE } from '../../../src/shared/affiliate-disclosure';

describe('affiliate disclosure text', () => {
  it("is the tenant's own text, whitespace collapsed", () => {
    expect(affiliateDisclosure('  We earn\n a  commission. ')).toBe('We earn a commission.');
  });

  it('falls back to the default when absent or blank', () => {
    for (const own of [undefined, null, '', ' \n\t '])
      expect(affiliateDisclosure(own)).toBe(DEFAULT_AFFILIATE_DISCLOSURE);
    expect(DEFAULT_AFFILIATE_DISCLOSURE).toBe(
      'We may earn a commission when you use one of our coupons or links to make a purchase. ' +
        'This never changes the price you pay or which offers we list.',
    );
  });

  it('keeps markup as text (the caller renders it as a text node)', () => {
    expect(affiliateDisclosure('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});
