import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import dealGridSection from '../../../src/sections/deal-grid/section';
import recommendedDealsSection from '../../../src/sections/recommended-deals/section';
import topDealsSection from '../../../src/sections/top-deals/section';
import { dealsFeedAtom } from '../../../src/client/section-kit/deals/deals-feed';
import { SECTIONS } from '../../../src/shared/contract/sections';
import type { DealGridSettings, RecommendedDealsSettings, TopDealsSettings } from '../../../src/shared/layout/types';
import { withProviders } from '../render-helpers';
import { context, json, makeCoupon, NO_VOTES, stubApi, votes } from './deal-fixtures';

const DealGrid = dealGridSection.component;
const TopDeals = topDealsSection.component;
const RecommendedDeals = recommendedDealsSection.component;

const worked = (w: number, f: number) => votes(w, f, w > 0 ? '2026-11-22T09:00:00.000Z' : null);
// Three kinds of card: well rated, never voted on, reported not working.
const coupons = [makeCoupon(1, { verification: worked(14, 3) }), makeCoupon(2, { verification: NO_VOTES })];
coupons.push(makeCoupon(3, { verification: worked(1, 6) }));

const grid: DealGridSettings = {
  source: 'recommended',
  title: 'Recommeded Deals',
  collapsed: 3,
  expanded: 3,
  bannerPositions: [],
  bannerDimension: '300 * 250',
  bannerSource: 'recommend',
  bannersOnlyWhenAvailable: true,
  nameCut: 50,
  tagCut: 28,
  ellipsis: '...',
  buttonLabel: 'Show code',
  showMoreLabel: 'Show more',
  showLessLabel: 'Show less',
  verificationBadge: true,
};
const banner = {
  dimension: '120 * 600',
  source: 'recommend',
  autoplayMs: 2000,
  transitionMs: 500,
  loop: true,
  dots: false,
} as const;
const five: TopDealsSettings = {
  heading: 'Top Deals',
  tagline: 'Find the top deals from the best stores.',
  source: 'recommended',
  count: 3,
  nameCut: 70,
  tagCut: 28,
  ellipsis: '...',
  expiryLabel: 'Expiry Date',
  expiryChars: 10,
  badge: 'Limited time deal',
  buttonLabel: 'Show code',
  banner,
  verificationBadge: true,
};
const landing: RecommendedDealsSettings = {
  source: 'recommended',
  fetchLimit: 3,
  grids: [{ offset: 0, count: 3, action: 'new-tab' }],
  banner,
  buttonLabel: 'Visit offer',
  nameCut: 70,
  tagCut: 28,
  ellipsis: '...',
  expiryChars: 10,
  verificationBadge: false,
};

const badges = () => [...document.querySelectorAll('.deal-verification')].map((p) => p.textContent);
const EXPECTED = ['✓ 82% worked', 'Not yet verified', 'Reported not working'];

describe('home cards: the verificationBadge setting (issue 13)', () => {
  beforeEach(() => {
    stubApi({
      '/api/end-user/coupon/getCouponsBasedOnDomain': () => json(200, { success: true, data: coupons }),
      '/end-user/advertisement/recommendBannerByDomain': () => json(200, { success: true, data: [] }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is on by default for the Three/Four grid and Five, off for the landing cards', () => {
    const byDefault = (type: 'deal-grid' | 'top-deals' | 'recommended-deals') =>
      (SECTIONS[type].settings.properties as Record<string, { default?: unknown }>).verificationBadge?.default;
    expect(byDefault('deal-grid')).toBe(true);
    expect(byDefault('top-deals')).toBe(true);
    expect(byDefault('recommended-deals')).toBe(false);
  });

  it('deal grid: a compact badge on every card when on, none when off', async () => {
    const data = dealsFeedAtom(context.host, 'recommended', 3);
    const { rerender } = render(withProviders(<DealGrid id="g" settings={grid} data={data} context={context} />));
    await screen.findByText('Deal number 3');
    expect(badges()).toEqual(EXPECTED);
    rerender(
      withProviders(<DealGrid id="g" settings={{ ...grid, verificationBadge: false }} data={data} context={context} />),
    );
    await screen.findByText('Deal number 3');
    expect(badges()).toEqual([]);
  });

  it('Five: the badge under "Limited time deal" when on, none when off', async () => {
    const data = dealsFeedAtom(context.host, 'recommended', 3);
    const { rerender } = render(withProviders(<TopDeals id="t" settings={five} data={data} context={context} />));
    await screen.findByText('Deal number 3');
    expect(badges()).toEqual(EXPECTED);
    expect(screen.getAllByText('Limited time deal')).toHaveLength(3);
    rerender(
      withProviders(<TopDeals id="t" settings={{ ...five, verificationBadge: false }} data={data} context={context} />),
    );
    await screen.findByText('Deal number 3');
    expect(badges()).toEqual([]);
  });

  it('landing: none by default, the badge when a document turns it on', async () => {
    const data = dealsFeedAtom(context.host, 'recommended', 3);
    const { rerender } = render(
      withProviders(<RecommendedDeals id="r" settings={landing} data={data} context={context} />),
    );
    await screen.findByText('Deal number 3');
    expect(badges()).toEqual([]);
    rerender(
      withProviders(
        <RecommendedDeals id="r" settings={{ ...landing, verificationBadge: true }} data={data} context={context} />,
      ),
    );
    await screen.findByText('Deal number 3');
    expect(badges()).toEqual(EXPECTED);
  });
});
