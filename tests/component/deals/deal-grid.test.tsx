import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dealGridSection from '../../../src/sections/deal-grid/section';
import { dealsFeedAtom } from '../../../src/client/section-kit/deals/deals-feed';
import type { DealGridSettings } from '../../../src/shared/layout/types';
import { withProviders } from '../render-helpers';
import { callsTo, context, json, makeBanner, makeCoupon, stubApi } from './deal-fixtures';

// The components these tests draw, from their section modules' definitions.
const DealGrid = dealGridSection.component;

const RECOMMENDED = '/api/end-user/coupon/getCouponsBasedOnDomain';
const LATEST = '/api/end-user/coupon/coupon-list-by-website';
const BANNERS = '/end-user/advertisement/recommendBannerByDomain';

// The hero layout's Top Deals (layouts/home/hero-sliders.json).
const hero: DealGridSettings = {
  source: 'recommended',
  title: 'Top Deals',
  collapsed: 8,
  expanded: 17,
  bannerPositions: [5],
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
// The default layout's Latest Deals (layouts/home/latest-deals.json, schema defaults filled in).
const latest: DealGridSettings = {
  ...hero,
  source: 'latest',
  title: 'Latest Deals',
  collapsed: 20,
  expanded: 20,
  bannerPositions: [4, 12, 17],
};

const coupons = (n: number) => Array.from({ length: n }, (_, i) => makeCoupon(i + 1));

function mount(settings: DealGridSettings) {
  const data = dealsFeedAtom(context.host, settings.source, settings.expanded);
  render(withProviders(<DealGrid id="g" settings={settings} data={data} context={context} />));
}

/** Cells of the grid in order: 'card' or 'banner'. */
function cellKinds() {
  return [...screen.getByRole('list').children].map((li) =>
    li.classList.contains('deal-grid-banner') ? 'banner' : 'card',
  );
}

describe('deal-grid section', () => {
  let banners: unknown[];
  let fetchMock: ReturnType<typeof stubApi>;
  beforeEach(() => {
    sessionStorage.clear();
    banners = [makeBanner(1), makeBanner(2)];
    fetchMock = stubApi({
      [RECOMMENDED]: (url) =>
        json(200, {
          success: true,
          data: coupons(Number(url.searchParams.get('per_page'))),
          total_records: 40,
          total_pages: 3,
          page: 1,
          per_page: 17,
        }),
      [LATEST]: (url) =>
        json(200, {
          success: true,
          data: coupons(Number(url.searchParams.get('per_page'))),
          total_records: 389,
          total_pages: 20,
          page: 1,
          per_page: 20,
        }),
      [BANNERS]: () => json(200, { success: true, data: banners }),
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows collapsed cards, expanded after Show more and collapsed again after Show less, keeping focus on the button', async () => {
    mount(hero);
    await screen.findByText('Deal number 1');
    expect(screen.getAllByRole('button', { name: 'Show code' })).toHaveLength(8);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    fireEvent.click(toggle);
    expect(screen.getAllByRole('button', { name: 'Show code' })).toHaveLength(17);
    expect(toggle.textContent).toBe('Show less');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    expect(screen.getAllByRole('button', { name: 'Show code' })).toHaveLength(8);
    expect(toggle.textContent).toBe('Show more');
  });

  it('fetches exactly the expanded count', async () => {
    mount(hero);
    await screen.findByText('Deal number 1');
    expect(new URL(String(callsTo(fetchMock, RECOMMENDED)[0]![0]), 'http://x').searchParams.get('per_page')).toBe('17');
  });

  it('puts the banner card at position 5 (1-based) and keeps it there when expanded', async () => {
    mount(hero);
    await screen.findByText('Deal number 1');
    await waitFor(() =>
      expect(cellKinds()).toEqual(['card', 'card', 'card', 'card', 'banner', 'card', 'card', 'card', 'card']),
    );
    const banner = screen.getByRole('list').children[4]!;
    expect(
      within(banner as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('https://banner-1.example/?ref=one-banner-1');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(cellKinds().filter((k) => k === 'banner')).toHaveLength(1);
    expect(cellKinds()).toHaveLength(18);
  });

  it("puts Latest Deals' banners at 4, 12 and 17 with up to 20 coupons from the latest list, and has no toggle", async () => {
    mount(latest);
    await screen.findByText('Deal number 20');
    await waitFor(() => expect(screen.getByRole('list').querySelectorAll('.deal-grid-banner')).toHaveLength(3));
    const kinds = cellKinds();
    expect(kinds).toHaveLength(23);
    expect(kinds.flatMap((k, i) => (k === 'banner' ? [i + 1] : []))).toEqual([4, 12, 17]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(new URL(String(callsTo(fetchMock, LATEST)[0]![0]), 'http://x').searchParams.get('per_page')).toBe('20');
  });

  it('leaves no banner slot when no banner exists', async () => {
    banners = [];
    mount(latest);
    await screen.findByText('Deal number 20');
    await waitFor(() => expect(callsTo(fetchMock, BANNERS)).toHaveLength(1));
    await waitFor(() => expect(cellKinds()).toEqual(Array.from({ length: 20 }, () => 'card')));
  });

  it('keeps an empty banner card when the layout asks for slots without banners', async () => {
    banners = [];
    mount({ ...hero, bannersOnlyWhenAvailable: false });
    await screen.findByText('Deal number 1');
    await waitFor(() => expect(screen.getByText('Advertisement')).toBeVisible());
    expect(cellKinds()[4]).toBe('banner');
  });

  it('shows a skeleton of the collapsed size while loading', () => {
    mount(hero);
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('list').querySelectorAll('.deal-card-skeleton')).toHaveLength(8);
  });

  it('clears the list on failure and offers a retry', async () => {
    let fail = true;
    stubApi({
      [RECOMMENDED]: () =>
        fail ? json(500, { success: false, message: 'boom' }) : json(200, { success: true, data: coupons(17) }),
      [BANNERS]: () => json(200, { success: true, data: [] }),
    });
    mount(hero);
    expect(await screen.findByText("Couldn't load deals.", {}, { timeout: 4000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show code' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Deal number 1')).toBeVisible();
  });
});
