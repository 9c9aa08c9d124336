import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/http';
import { apiLinksOf, resolveTarget } from '../../../../src/client/features/reveal/redirect/verified-link';
import { makeCoupon } from '../../deals/deal-fixtures';

const coupon = makeCoupon(3);
const API = 'https://store-3.example/deal/3?aff=dealdeck&src=api';
const ok = <T,>(data: T) => ({ status: 'success' as const, data });
const pending = { status: 'pending' as const };
const failed = (error: unknown) => ({ status: 'error' as const, error });

describe('redirect target check', () => {
  it('without a candidate the link is the one couponurl returned', () => {
    expect(resolveTarget(ok(API), pending)).toEqual({ state: 'ready', link: API });
  });

  it('a candidate equal to one of the API links of that coupon is followed', () => {
    expect(resolveTarget(ok(API), ok(coupon), coupon.domain_link)).toEqual({
      state: 'ready',
      link: coupon.domain_link,
    });
    expect(resolveTarget(ok(API), ok(coupon), API)).toEqual({ state: 'ready', link: API });
  });

  it.each(['https://evil.example/', `${API}&x=1`, 'javascript:alert(1)', `${API}/`])(
    'a forged candidate %s is refused',
    (forged) => {
      expect(resolveTarget(ok(API), ok(coupon), forged)).toEqual({
        state: 'error',
        message: 'API did not provide a valid link.',
      });
    },
  );

  it('a candidate waits for both answers, and fails when the coupon is not confirmed', () => {
    expect(resolveTarget(ok(API), pending, API)).toEqual({ state: 'pending' });
    expect(
      resolveTarget(
        ok(API),
        failed(new ApiError('Coupon not found.', 404, { success: false, message: 'Coupon not found.' })),
        API,
      ),
    ).toEqual({
      state: 'error',
      message: 'Cannot get Coupon URL',
    });
  });

  it('SPEC §8 messages for the link call', () => {
    expect(resolveTarget(failed(new ApiError('x', 200, {})), pending)).toEqual({
      state: 'error',
      message: 'API did not provide a valid link.',
    });
    expect(resolveTarget(failed(new TypeError('Failed to fetch')), pending)).toEqual({
      state: 'error',
      message: 'Cannot get Coupon URL',
    });
    expect(
      resolveTarget(
        failed(new ApiError('x', 404, { success: false, message: 'Cannot get Coupon URL' })),
        ok(coupon),
        API,
      ),
    ).toEqual({
      state: 'error',
      message: 'Cannot get Coupon URL',
    });
  });

  it('only http(s) links count as API links', () => {
    expect(
      apiLinksOf('javascript:alert(1)', {
        ...coupon,
        finalLink: null,
        link: 'ftp://x.example',
        domain_link: 'https://ok.example/',
      }),
    ).toEqual(['https://ok.example/']);
  });
});
