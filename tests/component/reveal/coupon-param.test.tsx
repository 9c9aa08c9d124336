import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { CouponParamReveal } from '../../../src/client/features/reveal/coupon-param-reveal';
import { withProviders } from '../render-helpers';
import { callsTo, json, makeCoupon, stubApi } from '../deals/deal-fixtures';

const BY_ID = '/api/end-user/coupon/coupon-by-id';
const URL_PATH = '/v2/fetch/couponurl';

function mount(path: string) {
  render(
    withProviders(
      <Routes>
        <Route path="/" element={<CouponParamReveal />} />
        <Route path="/couponsredirect/coupon/:storeName/:couponId" element={<CouponParamReveal />} />
      </Routes>,
      undefined,
      path,
    ),
  );
}

describe('coupon id param on home', () => {
  const coupon = makeCoupon(7);
  let tab: { opener: unknown; closed: boolean; close: () => void; location: { replace: ReturnType<typeof vi.fn> } };
  let open: ReturnType<typeof vi.fn>;
  let fetchMock: ReturnType<typeof stubApi>;
  beforeEach(() => {
    tab = { opener: window, closed: false, close: vi.fn(), location: { replace: vi.fn() } };
    open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    fetchMock = stubApi({
      [BY_ID]: (url) =>
        url.searchParams.get('coupon_id') === coupon._id
          ? json(200, { success: true, data: coupon })
          : json(404, { success: false, message: 'Coupon not found.' }),
      [URL_PATH]: () =>
        json(200, {
          success: true,
          data: {
            coupons: [{ _id: coupon._id, finalLink: 'https://fetched.example/x', link: null }],
            domain_link: null,
          },
        }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('?coupon=<id> fetches the coupon by id and opens its link in a new tab without an opener', async () => {
    mount(`/?coupon=${coupon._id}`);
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`/out/${coupon._id}?from=home`));
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(callsTo(fetchMock, BY_ID)).toHaveLength(1);
  });

  it('a :couponId route param works the same way, fetching the link when the coupon has none', async () => {
    const bare = { ...coupon, finalLink: null };
    stubApi({
      [BY_ID]: () => json(200, { success: true, data: bare }),
      [URL_PATH]: () =>
        json(200, {
          success: true,
          data: {
            coupons: [{ _id: coupon._id, finalLink: 'https://fetched.example/x', link: null }],
            domain_link: null,
          },
        }),
    });
    mount(`/couponsredirect/coupon/store-7/${coupon._id}`);
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`/out/${coupon._id}?from=redirect`));
  });

  it('offers the link when the browser blocks the tab', async () => {
    open.mockReturnValue(null);
    mount(`/?coupon=${coupon._id}`);
    const link = await screen.findByRole('link', { name: 'Open the offer' });
    expect(link.getAttribute('href')).toBe(`/out/${coupon._id}?from=home`);
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('does nothing without a param', async () => {
    mount('/');
    // The hook starts its request inside its effect, which render's act has run: flush what that would have started.
    await act(async () => {});
    expect(fetchMock).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });
});
