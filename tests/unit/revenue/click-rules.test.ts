import { describe, expect, it } from 'vitest';
import { clickOutHref, clickPageOf, clickPageParam } from '../../../src/shared/revenue/click-rules';

describe('clickPageOf', () => {
  it.each([
    ['/', 'home'],
    ['/home2', 'home'],
    ['/store/acme', 'store'],
    ['/category/Electronics', 'category'],
    ['/searchpage', 'search'],
    ['/coupons', 'coupons'],
    ['/coupons/', 'coupons'],
    ['/couponsredirect/coupon/acme/0123456789abcdef01234567', 'redirect'],
    ['/couponzr/acme/0123456789abcdef01234567', 'redirect'],
    ['/mr', 'redirect'],
    ['/mr/store/acme/coupon/x/default', 'redirect'],
    ['/storefront', 'other'],
    ['/about', 'other'],
  ])('%s is a %s page', (path, page) => {
    expect(clickPageOf(path)).toBe(page);
  });

  it("takes a sender's `from` only when it is a known page", () => {
    expect(clickPageParam('store')).toBe('store');
    expect(clickPageParam('<script>')).toBe('other');
    expect(clickPageParam(['store'])).toBe('other');
    expect(clickOutHref('0123456789abcdef01234567', 'search')).toBe('/out/0123456789abcdef01234567?from=search');
  });
});
