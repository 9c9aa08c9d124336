import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import {
  CouponRedirectPage,
  ZeroRedirectPage,
} from '../../../../src/client/features/reveal/redirect/coupon-redirect-page';
import { MrPage } from '../../../../src/client/features/reveal/redirect/mr-page';
import { leaveTo } from '../../../../src/client/features/reveal/redirect/leave';
import { withProviders } from '../../render-helpers';
import { callsTo, json, makeCoupon, stubApi } from '../../deals/deal-fixtures';

// One-second countdown keeps the tests quick; leaving the page is observed instead of done (jsdom cannot navigate).
vi.mock('../../../../src/client/config/page-settings', async (load) => {
  const real = await load<typeof import('../../../../src/client/config/page-settings')>();
  return { pageSettings: { ...real.pageSettings, redirectCountdownSeconds: 1 } };
});
vi.mock('../../../../src/client/features/reveal/redirect/leave', async (load) => ({
  ...(await load<typeof import('../../../../src/client/features/reveal/redirect/leave')>()),
  leaveTo: vi.fn(),
}));

const BY_ID = '/api/end-user/coupon/coupon-by-id';
const URL_PATH = '/v2/fetch/couponurl';
const coupon = makeCoupon(4); // has code CODE4
const deal = makeCoupon(5); // no code
const API_LINK = 'https://store-4.example/deal/4?aff=dealdeck&src=dealdeck-final';

function api(overrides: Partial<Record<string, () => Response>> = {}) {
  return stubApi({
    [BY_ID]: (url) => {
      const id = url.searchParams.get('coupon_id');
      const found = [coupon, deal].find((c) => c._id === id);
      return found
        ? json(200, { success: true, data: found })
        : json(404, { success: false, message: 'Coupon not found.' });
    },
    [URL_PATH]:
      overrides[URL_PATH] ??
      ((url: URL) => {
        const id = url.searchParams.get('coupon_id');
        const found = [coupon, deal].find((c) => c._id === id);
        if (!found) return json(404, { success: false, message: 'Cannot get Coupon URL' });
        return json(200, {
          success: true,
          data: {
            coupons: [{ _id: found._id, finalLink: found.finalLink, link: found.link, expired: false }],
            domain_link: found.domain_link,
          },
        });
      }),
  });
}

function mount(path: string) {
  render(
    withProviders(
      <Routes>
        <Route path="/couponsredirect/coupon/:storeName/:couponId" element={<CouponRedirectPage />} />
        <Route
          path="/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId/:extra"
          element={<CouponRedirectPage />}
        />
        <Route path="/couponzr/:storeName/:couponId" element={<ZeroRedirectPage />} />
        <Route path="/mr" element={<MrPage />} />
        <Route path="/mr/:link" element={<MrPage />} />
        <Route path="/mr/store/:storeName/coupon/:couponId/:redirectionType" element={<MrPage />} />
      </Routes>,
      undefined,
      path,
    ),
  );
}

const left = vi.mocked(leaveTo);
/** Where leaving goes once the API gave a link: /out, which tags the coupon's stored link with a sub-ID (issue 31). */
const OUT = `/out/${coupon._id}?from=redirect`;
/** Fake clocks that still run (so findBy* works), moved past the whole countdown at once: nothing may leave by then. */
const runningFakeClock = () => vi.useFakeTimers({ shouldAdvanceTime: true });
const pastTheCountdown = () => act(() => vi.advanceTimersByTimeAsync(10_000));

describe('redirect pages', () => {
  let fetchMock: ReturnType<typeof api>;
  beforeEach(() => {
    localStorage.clear();
    left.mockReset();
    fetchMock = api();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('meta[name="referrer"]').forEach((m) => m.remove());
  });

  it('couponsredirect shows the coupon and code, then goes to the API link after the countdown', async () => {
    localStorage.setItem('link', 'https://evil.example/');
    mount(`/couponsredirect/coupon/store-4/${coupon._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: coupon.name })).toBeVisible();
    expect(screen.getByText('CODE4')).toBeVisible();
    expect(screen.getByText('Store 4', { selector: 'p' })).toBeVisible();
    expect(await screen.findAllByText(/Taking you to/)).not.toHaveLength(0);
    await waitFor(() => expect(left).toHaveBeenCalledWith(OUT, false), { timeout: 3000 });
    expect(left).toHaveBeenCalledTimes(1);
    // Leaving is a click-out of this coupon, sent so that it outlives the page (the A/B layouts' report counts it).
    const [clickOut] = callsTo(fetchMock, '/api/end-user/coupon/record-clickout');
    expect(clickOut?.[1]).toMatchObject({
      method: 'POST',
      keepalive: true,
      body: JSON.stringify({ coupon_id: coupon._id }),
    });
    expect(callsTo(fetchMock, '/api/end-user/coupon/record-clickout')).toHaveLength(1);
  });

  it('the trailing :extra form works and Go now leaves at once', async () => {
    mount(`/couponsredirect/store/store-4/coupon/store-4/${coupon._id}/s2s`);
    fireEvent.click(await screen.findByRole('link', { name: 'Go to Store 4 now' }));
    expect(left).toHaveBeenCalledWith(OUT, false);
  });

  it('Pause and Stay on this page stop the automatic redirect', async () => {
    runningFakeClock();
    mount(`/couponsredirect/coupon/store-4/${coupon._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByText(/Automatic redirect cancelled/)).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Go to Store 4 now' }));
    await pastTheCountdown();
    expect(left).not.toHaveBeenCalled();
  });

  it('asks "Did this code work?" under the offer, and answering pauses the countdown (issue 13)', async () => {
    runningFakeClock();
    mount(`/couponsredirect/coupon/store-4/${coupon._id}`);
    const prompt = await screen.findByRole('group', { name: 'Did this code work?' });
    fireEvent.click(within(prompt).getByRole('button', { name: 'No' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeVisible();
    await pastTheCountdown();
    expect(left).not.toHaveBeenCalled();
  });

  it('copies the code and announces it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mount(`/couponsredirect/coupon/store-4/${coupon._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Code copied')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith('CODE4');
  });

  it('a deal says No code needed', async () => {
    mount(`/couponsredirect/coupon/store-5/${deal._id}`);
    expect(await screen.findByText('No code needed')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull();
  });

  it("an answer without a link shows 'API did not provide a valid link.' and never leaves", async () => {
    fetchMock = api({
      [URL_PATH]: () =>
        json(200, {
          success: true,
          data: { coupons: [{ _id: coupon._id, finalLink: null, link: null }], domain_link: null },
        }),
    });
    mount(`/couponsredirect/coupon/store-4/${coupon._id}`);
    expect((await screen.findByRole('alert')).textContent).toContain('API did not provide a valid link.');
    expect(left).not.toHaveBeenCalled();
  });

  it("an unknown coupon shows 'Cannot get Coupon URL'; a malformed id asks nothing", async () => {
    mount('/couponsredirect/coupon/store-4/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot get Coupon URL');
    cleanup();
    fetchMock.mockClear();
    mount('/couponsredirect/coupon/store-4/https%3A%2F%2Fevil.example');
    expect(screen.getByRole('alert').textContent).toContain('Cannot get Coupon URL');
    expect(callsTo(fetchMock, URL_PATH)).toHaveLength(0);
  });

  it('couponzr shows the code and a button that opens the API link again in a new tab', async () => {
    runningFakeClock();
    mount(`/couponzr/store-4/${coupon._id}`);
    const again = await screen.findByRole('link', { name: 'Go to Store 4' });
    expect(again.getAttribute('href')).toBe(OUT);
    expect(again.getAttribute('target')).toBe('_blank');
    expect(again.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('CODE4')).toBeVisible();
    await pastTheCountdown();
    expect(left).not.toHaveBeenCalled();
  });

  it('/mr/store/.../zero-redirect-without-refer leaves without a referrer', async () => {
    mount(`/mr/store/store-4/coupon/${coupon._id}/zero-redirect-without-refer`);
    expect(await screen.findAllByText(/Taking you to/)).not.toHaveLength(0);
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    await waitFor(() => expect(left).toHaveBeenCalledWith(OUT, true), { timeout: 3000 });
  });

  it('/mr follows the stored link only when the API returned it for the stored coupon id', async () => {
    localStorage.setItem('redirectionType', 'zero-redirect-without-refer');
    localStorage.setItem('label', 'Redirection');
    localStorage.setItem('link', coupon.domain_link);
    localStorage.setItem('couponId', coupon._id);
    mount('/mr');
    await waitFor(() => expect(left).toHaveBeenCalledWith(OUT, true), { timeout: 3000 });
  });

  it.each([
    ['a forged stored link', '/mr', 'https://evil.example/'],
    ['a forged link segment', '/mr/https%3A%2F%2Fevil.example', API_LINK],
  ])('/mr refuses %s', async (_, path, stored) => {
    runningFakeClock();
    localStorage.setItem('redirectionType', 'zero-redirect-without-refer');
    localStorage.setItem('label', 'Redirection');
    localStorage.setItem('link', stored);
    localStorage.setItem('couponId', coupon._id);
    mount(path);
    expect((await screen.findByRole('alert')).textContent).toContain('API did not provide a valid link.');
    await pastTheCountdown();
    expect(left).not.toHaveBeenCalled();
    expect(document.body.innerHTML).not.toContain('evil.example');
  });

  it('/mr without a stored coupon id asks nothing and never leaves', () => {
    localStorage.setItem('link', API_LINK);
    mount('/mr');
    expect(screen.getByRole('alert').textContent).toContain('Cannot get Coupon URL');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
