import { describe, expect, it } from 'vitest';
import { scriptSafeJson } from '../../src/server/site/escape';
import { canonicalUrl, pageParam } from '../../src/server/site/page-meta';
import { plainText } from '../../src/server/site/text';

// The small pieces under the page heads: page numbers, canonical URLs, plain text, JSON-LD escaping.
describe('page heads: helpers', () => {
  it('reads ?page=N like the client (whole numbers from 1, capped), else page 1', () => {
    expect([undefined, '', '0', '-2', '1.5', 'abc', '2', '10001', ['3']].map(pageParam)).toEqual([
      1, 1, 1, 1, 1, 1, 2, 10_000, 1,
    ]);
  });

  it('keeps ?page=N only past page 1 in canonical URLs', () => {
    expect(canonicalUrl('http://one.localhost', '/coupons', 1)).toBe('http://one.localhost/coupons');
    expect(canonicalUrl('http://one.localhost', '/coupons', 3)).toBe('http://one.localhost/coupons?page=3');
  });

  it('turns rich text into cut plain text', () => {
    expect(plainText('Get <b>10%</b> off&nbsp;<i>dresses</i> &amp; more<script>x()</script>', 100)).toBe(
      'Get 10% off dresses & more',
    );
    const cut = plainText('one two three four five six seven', 20);
    expect(cut).toBe('one two three four…');
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(plainText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('JSON for script elements cannot close the element, open a comment or break a line', () => {
    const value = { name: '</script><!-- & \u2028\u2029 >' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
