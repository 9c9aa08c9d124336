import { describe, it, expect } from 'vitest';
import { bannerLink, revealLink, isExpired, revealNewTabPath, imageUrl, countdown } from '../../../src/shared/rules';

describe('SPEC banner link choice', () => {
  it('url, else store page, else plain image', () => {
    expect(bannerLink({ url: 'https://shop.example/sale', storeId: 'acme' })).toEqual({
      kind: 'url',
      href: 'https://shop.example/sale',
    });
    expect(bannerLink({ url: '', storeId: 'acme outfitters' })).toEqual({
      kind: 'store',
      to: '/store/acme%20outfitters',
    });
    expect(bannerLink({ url: 'javascript:alert(1)', storeId: null })).toEqual({ kind: 'image' });
    expect(bannerLink({})).toEqual({ kind: 'image' });
  });
});

describe('SPEC §4 reveal link', () => {
  const now = new Date('2026-11-05T12:00:00Z');
  const coupon = { finalLink: 'https://final.example/x', link: 'https://plain.example/x' };

  it('uses finalLink without expiry or before it, link after it', () => {
    expect(revealLink({ ...coupon, expiry_date: null }, now)).toBe(coupon.finalLink);
    expect(revealLink({ ...coupon, expiry_date: '2026-12-01T00:00:00Z' }, now)).toBe(coupon.finalLink);
    expect(revealLink({ ...coupon, expiry_date: '2026-11-01T00:00:00Z' }, now)).toBe(coupon.link);
    expect(revealLink({ expiry_date: null, finalLink: '', link: 'x' }, now)).toBeNull();
    expect(isExpired('2026-11-05T12:00:00Z', now)).toBe(true);
  });
});

describe('SPEC §2 new-tab reveal path', () => {
  it('from home and from a category page', () => {
    expect(revealNewTabPath('/', 'acme-outfitters', 'c42')).toBe('/couponsredirect/coupon/acme-outfitters/c42');
    expect(revealNewTabPath('/category/Nutritional%20Supplements', 'Acme Outfitters', 'c42')).toBe(
      '/couponsredirect/category/Nutritional%20Supplements/coupon/Acme%20Outfitters/c42',
    );
    expect(revealNewTabPath('/store/acme-outfitters', 'acme-outfitters', 'c42')).toBe(
      '/couponsredirect/coupon/acme-outfitters/c42',
    );
  });
});

describe('SPEC §3 image paths', () => {
  it('prefixes the asset base unless the path contains http', () => {
    expect(imageUrl('stores/acme-outfitters.svg', '/assets/', '/assets/placeholder.svg')).toBe(
      '/assets/stores/acme-outfitters.svg',
    );
    expect(imageUrl('/stores/acme.svg', '/assets/', 'p')).toBe('/assets/stores/acme.svg');
    expect(imageUrl('https://cdn.example/a.png', '/assets/', 'p')).toBe('https://cdn.example/a.png');
    expect(imageUrl(null, '/assets/', '/assets/placeholder.svg')).toBe('/assets/placeholder.svg');
  });
});

describe('SPEC countdown', () => {
  it('days/hours/minutes, then Expired', () => {
    const now = new Date('2026-11-05T12:00:00Z');
    expect(countdown('2026-11-08T16:05:30Z', now)).toEqual({
      expired: false,
      days: 3,
      hours: 4,
      minutes: 5,
      label: '3d 4h 5m',
    });
    expect(countdown('2026-11-05T11:59:00Z', now)).toEqual({ expired: true, label: 'Expired' });
    expect(countdown(null, now)).toBeNull();
  });
});
