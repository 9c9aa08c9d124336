import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import type { Coupon } from '../../../src/shared/contract/entities';
import type { RedirectionType } from '../../../src/shared/contract/values';
import { useReveal } from '../../../src/client/features/reveal/use-reveal';
import { withProviders } from '../render-helpers';
import { LocationProbe, callsTo, json, makeCoupon, stubApi } from '../deals/deal-fixtures';

const URL_PATH = '/v2/fetch/couponurl';
const VISIT = '/api/end-user/coupon/record-visit';
const FETCHED = 'https://store-1.example/deal/1?aff=dealdeck&src=fetched';

function RevealButton({ coupon }: { coupon: Coupon }) {
  const reveal = useReveal();
  return (
    <button type="button" onClick={() => void reveal(coupon)}>
      Show code
    </button>
  );
}

function mount(coupon: Coupon, path = '/') {
  render(
    withProviders(
      <>
        <LocationProbe />
        <RevealButton coupon={coupon} />
        <Toaster />
      </>,
      undefined,
      path,
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Show code' }));
}

/** A blank tab as window.open('about:blank') returns it. */
function fakeTab() {
  return { opener: window as Window | null, closed: false, close: vi.fn(), location: { replace: vi.fn() } };
}

const withType = (type: RedirectionType, overrides: Partial<Coupon> = {}) => {
  const base = makeCoupon(1, overrides);
  return { ...base, store_id: { ...base.store_id, desktop_redirection_type: type } };
};

describe('coupon reveal flow', () => {
  let open: ReturnType<typeof vi.fn>;
  let tab: ReturnType<typeof fakeTab>;
  let fetchMock: ReturnType<typeof stubApi>;
  let urlAnswer: () => Response;

  beforeEach(() => {
    localStorage.clear();
    tab = fakeTab();
    open = vi.fn((url?: string | URL) => (String(url) === 'about:blank' ? tab : null));
    vi.stubGlobal('open', open);
    urlAnswer = () =>
      json(200, {
        success: true,
        data: {
          coupons: [{ _id: 'c1', finalLink: FETCHED, link: FETCHED, expired: false }],
          domain_link: 'https://store-1.example/',
        },
      });
    fetchMock = stubApi({
      [URL_PATH]: () => urlAnswer(),
      [VISIT]: () =>
        json(200, { success: true, message: 'Coupon visit recorded.', data: { store_id: 's', visit_count: 3 } }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('records the visit with the coupon id', async () => {
    const coupon = makeCoupon(1);
    mount(coupon);
    await waitFor(() => expect(callsTo(fetchMock, VISIT)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, VISIT)[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ coupon_id: coupon._id });
  });

  it("'zero-redirect-with-refer': opens the finalLink in a new tab (noopener) and navigates to /couponzr/{store}/{id}", async () => {
    const coupon = withType('zero-redirect-with-refer');
    mount(coupon);
    // Through /out, which records the click and tags the stored link with its sub-ID (issue 31).
    expect(open).toHaveBeenCalledWith(`/out/${coupon._id}?from=home`, '_blank', 'noopener');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/couponzr/store-1/${coupon._id}`));
    expect(callsTo(fetchMock, URL_PATH)).toHaveLength(0);
  });

  it("'zero-redirect-with-refer' without a finalLink: opens a blank tab at once, fetches the link, then points the tab at it", async () => {
    const coupon = withType('zero-redirect-with-refer', { finalLink: null, expiry_date: '2099-01-01' });
    mount(coupon);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`/out/${coupon._id}?from=home`));
    expect(new URL(String(callsTo(fetchMock, URL_PATH)[0]![0]), 'http://x').searchParams.get('coupon_id')).toBe(
      coupon._id,
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/couponzr/store-1/${coupon._id}`));
  });

  it("'zero-redirect-without-refer': stores the link and opens /mr/ in a new tab", () => {
    const coupon = withType('zero-redirect-without-refer');
    mount(coupon);
    expect(open).toHaveBeenCalledWith('/mr/', '_blank', 'noopener');
    expect(localStorage.getItem('redirectionType')).toBe('zero-redirect-without-refer');
    expect(localStorage.getItem('label')).toBe('Redirection');
    expect(localStorage.getItem('link')).toBe(coupon.finalLink);
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it("'zero-redirect-without-refer' without a link: waits for the fetched link, then sends the blank tab to /mr/", async () => {
    const coupon = withType('zero-redirect-without-refer', { finalLink: null });
    mount(coupon);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.location.replace).not.toHaveBeenCalled();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith('/mr/'));
    expect(localStorage.getItem('link')).toBe(FETCHED);
  });

  it('any other type: stores type, label and link, and opens /couponsredirect/coupon/{store}/{id}', () => {
    const coupon = withType('default');
    mount(coupon);
    expect(localStorage.getItem('redirectionType')).toBe('default');
    expect(localStorage.getItem('label')).toBe('Redirection');
    expect(localStorage.getItem('link')).toBe(coupon.finalLink);
    expect(open).toHaveBeenCalledWith(`/couponsredirect/coupon/store-1/${coupon._id}`, '_blank', 'noopener');
  });

  it('on a category page, opens the category form of the path', () => {
    const coupon = withType('default');
    mount(coupon, '/category/Home%20%26%20Garden');
    expect(open).toHaveBeenCalledWith(
      `/couponsredirect/category/Home%20%26%20Garden/coupon/store-1/${coupon._id}`,
      '_blank',
      'noopener',
    );
  });

  it('uses the plain link of an expired coupon', () => {
    const coupon = withType('default', { expiry_date: '2020-01-01T00:00:00Z' });
    mount(coupon);
    expect(localStorage.getItem('link')).toBe(coupon.link);
  });

  it("says 'API did not provide a valid link.' when the answer has no usable link, and closes the blank tab", async () => {
    urlAnswer = () =>
      json(200, {
        success: true,
        data: { coupons: [{ _id: 'c1', finalLink: 'javascript:alert(1)', link: null }], domain_link: null },
      });
    mount(withType('default', { finalLink: null }));
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(await screen.findByText('API did not provide a valid link.')).toHaveAttribute('role', 'status');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });

  it("says 'Cannot get Coupon URL' when the call fails without a server message", async () => {
    urlAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    mount(withType('zero-redirect-with-refer', { finalLink: null }));
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(await screen.findByText('Cannot get Coupon URL')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it("shows the server's message when it gives one (SPEC §8 extraction)", async () => {
    urlAnswer = () =>
      json(404, { success: false, message: [{ errorMessage: 'Coupon not found' }, { errorMessage: 'try another' }] });
    mount(withType('default', { finalLink: null }));
    // A toast: jsdom lays out nothing, so react-hot-toast keeps it transparent (never 'visible').
    expect(await screen.findByText('Coupon not found, try another')).toHaveAttribute('role', 'status');
  });
});
