import { describe, expect, it } from 'vitest';
import type { Coupon } from '../../src/shared/contract/entities';
import { scriptSafeJson } from '../../src/server/lib/escape';
import { offers } from '../../src/server/site/json-ld';
import { listedCoupons } from '../../src/server/site/listed-offers';
import { canonicalUrl, pageParam } from '../../src/server/site/page-meta';
import { plainText } from '../../src/shared/rules/plain-text';

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

describe('JSON-LD Offers of listed coupons', () => {
  const coupon = (id: string, expiry_date: string | null, slug = 'acme'): Coupon => ({
    _id: id,
    name: `Coupon ${id}`,
    title: `Save on ${id}`,
    description: 'Ten <b>percent</b> off',
    category: 'Fashion',
    image: null,
    code: 'SAVE10',
    expiry_date,
    link: 'https://merchant.example/aff?id=1',
    finalLink: 'https://merchant.example/final',
    domain_link: 'https://merchant.example/',
    is_recommended: false,
    created_at: '2026-01-01T00:00:00.000Z',
    store: { name: 'Acme', image: null, slug },
    store_id: { _id: 'x', name: 'Acme', slug, image: null, desktop_redirection_type: 'default' },
    verification: { worked: 3, failed: 1, success_rate: 75, last_worked_at: null, votes_24h: 0 },
  });
  const now = new Date('2026-06-15T12:00:00.000Z');

  it('date part as priceValidUntil, Discontinued once expired, the store page as url and seller', () => {
    const [future, past, never] = offers(
      [coupon('a', '2026-07-01T23:59:59.000Z'), coupon('b', '2026-06-01T00:00:00.000Z'), coupon('c', null, 'b&c')],
      'http://one.localhost',
      now,
    );
    expect(future).toMatchObject({
      '@type': 'Offer',
      url: 'http://one.localhost/store/acme',
      priceValidUntil: '2026-07-01',
      validThrough: '2026-07-01T23:59:59.000Z',
      availability: 'https://schema.org/InStock',
      description: 'Ten percent off',
      seller: { '@type': 'Organization', name: 'Acme', url: 'http://one.localhost/store/acme' },
    });
    expect(past).toMatchObject({ priceValidUntil: '2026-06-01', availability: 'https://schema.org/Discontinued' });
    expect(never).not.toHaveProperty('priceValidUntil');
    expect(never).not.toHaveProperty('validThrough');
    expect(never?.url).toBe('http://one.localhost/store/b%26c');
    expect(JSON.stringify([future, past, never])).not.toMatch(/merchant\.example|aggregateRating|worked/i);
  });

  it('reads the lists of the page (category, all deals, search, home), nothing on other routes', () => {
    const list = { data: [coupon('a', null), { junk: true }] };
    const q = (kind: string) => [{ key: ['coupons', 'h', kind, 'x', 1, 20], data: list }];
    expect(listedCoupons('/category/:category', q('category')).map((c) => c._id)).toEqual(['a']);
    expect(listedCoupons('/coupons', q('all-deals'))).toHaveLength(1);
    expect(listedCoupons('/searchpage', q('search'))).toHaveLength(1);
    expect(listedCoupons('/', q('all-deals'))).toEqual([]);
    // Home: its recommended list (stored as the list itself) and latest page, each coupon once.
    const home = [
      { key: ['coupons', 'h', 'recommended', 17], data: [coupon('a', null), coupon('b', null)] },
      { key: ['coupons', 'h', 'latest', 1, 8], data: { data: [coupon('b', null), coupon('c', null)] } },
    ];
    expect(listedCoupons('/', home).map((c) => c._id)).toEqual(['a', 'b', 'c']);
    expect(listedCoupons('/home3', home)).toHaveLength(3);
    expect(listedCoupons('/store', home)).toEqual([]);
    expect(listedCoupons('/coupons', q('recommended'))).toEqual([]);
    expect(listedCoupons(null, [])).toEqual([]);
  });
});
