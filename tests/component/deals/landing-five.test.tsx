import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import recommendedDealsSection from '../../../src/sections/recommended-deals/section';
import topDealsSection from '../../../src/sections/top-deals/section';
import { dealsFeedAtom } from '../../../src/client/section-kit/deals/deals-feed';
import type { RecommendedDealsSettings, RotatingBanner, TopDealsSettings } from '../../../src/shared/layout/types';
import { withProviders } from '../render-helpers';
import { LocationProbe, callsTo, context, json, makeCoupon, stubApi } from './deal-fixtures';

// The components these tests draw, from their section modules' definitions.
const RecommendedDeals = recommendedDealsSection.component;
const TopDeals = topDealsSection.component;

const RECOMMENDED = '/api/end-user/coupon/getCouponsBasedOnDomain';
const VISIT = '/api/end-user/coupon/record-visit';
const banner: RotatingBanner = {
  dimension: '120 * 600',
  source: 'recommend',
  autoplayMs: 2000,
  transitionMs: 500,
  loop: true,
  dots: false,
};

// layouts/home/landing.json
const landing: RecommendedDealsSettings = {
  title: 'RECOMMENDED DEALS',
  source: 'recommended',
  fetchLimit: 18,
  grids: [
    { offset: 0, count: 9, action: 'redirect-step' },
    { offset: 9, count: 9, action: 'new-tab' },
  ],
  banner,
  buttonLabel: 'Visit offer',
  nameCut: 70,
  tagCut: 28,
  ellipsis: '...',
  expiryChars: 10,
  verificationBadge: false,
};
// layouts/home/top-deals.json
const five: TopDealsSettings = {
  heading: 'Top Deals',
  tagline: 'Find the top deals from the best stores.',
  source: 'recommended',
  count: 9,
  nameCut: 70,
  tagCut: 28,
  ellipsis: '...',
  expiryLabel: 'Expiry Date',
  expiryChars: 10,
  badge: 'Limited time deal',
  buttonLabel: 'Show code',
  banner,
  verificationBadge: true,
  newsletter: {
    variant: 'compact',
    heading: 'Subscribe today',
    subheading: 'Never miss an offer',
    placeholder: 'Enter your email',
    buttonLabel: 'Subscribe',
    invalidEmailMessage: 'Please provide a valid email address.',
    completeMs: 3000,
  },
};

const coupons = Array.from({ length: 20 }, (_, i) => makeCoupon(i + 1, { expiry_date: '2027-05-16T00:58:26.097Z' }));

describe('landing recommended deals and Five top deals', () => {
  let fetchMock: ReturnType<typeof stubApi>;
  let open: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    fetchMock = stubApi({
      [RECOMMENDED]: (url) =>
        json(200, { success: true, data: coupons.slice(0, Number(url.searchParams.get('per_page'))) }),
      [VISIT]: () => json(200, { success: true, data: {} }),
      '/end-user/advertisement/recommendBannerByDomain': () => json(200, { success: true, data: [] }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function mountLanding() {
    render(
      withProviders(
        <>
          <LocationProbe />
          <RecommendedDeals
            id="rd"
            settings={landing}
            data={dealsFeedAtom(context.host, 'recommended', 18)}
            context={context}
          />
        </>,
      ),
    );
  }

  it('shows two grids of 9 Visit offer cards from one list of fetchLimit coupons', async () => {
    mountLanding();
    await screen.findByText('Deal number 1');
    const grids = screen.getAllByRole('list');
    expect(grids).toHaveLength(2);
    expect(within(grids[0]!).getAllByRole('button', { name: 'Visit offer' })).toHaveLength(9);
    expect(within(grids[1]!).getByText('Deal number 10')).toBeVisible();
    expect(within(grids[1]!).getAllByRole('button', { name: 'Visit offer' })).toHaveLength(9);
    expect(new URL(String(callsTo(fetchMock, RECOMMENDED)[0]![0]), 'http://x').searchParams.get('per_page')).toBe('18');
  });

  it('first grid: shows the redirect step with the code; Continue to store runs the reveal', async () => {
    mountLanding();
    await screen.findByText('Deal number 1');
    fireEvent.click(within(screen.getAllByRole('list')[0]!).getAllByRole('button', { name: 'Visit offer' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('CODE2')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'Deal number 2' })).toBeVisible();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to store' }));
    expect(open).toHaveBeenCalledWith(`/couponsredirect/coupon/store-2/${coupons[1]!._id}`, '_blank', 'noopener');
    expect(localStorage.getItem('link')).toBe(coupons[1]!.finalLink);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the redirect step copies the code', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mountLanding();
    await screen.findByText('Deal number 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Visit offer' })[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('CODE2');
    expect(await screen.findByText('Code copied.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('second grid: records the visit and opens /couponsredirect/coupon/{storeSlugOrName}/{couponId} in a new tab', async () => {
    mountLanding();
    await screen.findByText('Deal number 1');
    fireEvent.click(within(screen.getAllByRole('list')[1]!).getAllByRole('button', { name: 'Visit offer' })[0]!);
    expect(open).toHaveBeenCalledWith(`/couponsredirect/coupon/store-10/${coupons[9]!._id}`, '_blank', 'noopener');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, VISIT)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, VISIT)[0]![1]?.body))).toEqual({ coupon_id: coupons[9]!._id });
  });

  it("Five: heading, tagline, newsletter box and `count` cards with 'Expiry Date' and 'Limited time deal'", async () => {
    render(
      withProviders(
        <TopDeals id="td" settings={five} data={dealsFeedAtom(context.host, 'recommended', 9)} context={context} />,
      ),
    );
    expect(screen.getByRole('heading', { name: 'Top Deals' })).toBeVisible();
    expect(screen.getByText('Find the top deals from the best stores.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Subscribe today' })).toBeVisible();
    await screen.findByText('Deal number 1');
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('button', { name: 'Show code' })).toHaveLength(9);
    expect(within(list).getAllByText('Limited time deal')).toHaveLength(9);
    expect(within(list).getAllByText('2027-05-16')[0]!.closest('p')?.textContent).toBe('Expiry Date: 2027-05-16');
  });
});
