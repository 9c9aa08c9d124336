import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type {
  BannerCarouselSettings,
  BannerPairsSettings,
  HeroSlidersSettings,
} from '../../../src/shared/layout/types';
import { bannerFeedAtom } from '../../../src/client/api/banners';
import heroSlidersSection from '../../../src/sections/hero-sliders/section';
import bannerPairsSection from '../../../src/sections/banner-pairs/section';
import bannerCarouselSection from '../../../src/sections/banner-carousel/section';
import { withProviders, testBootstrap } from '../render-helpers';
import { bannerFetch, installEmblaEnv, stubReducedMotion } from './embla-env';

// The components these tests draw, from their section modules' definitions.
const HeroSliders = heroSlidersSection.component;
const BannerPairs = bannerPairsSection.component;
const BannerCarouselSection = bannerCarouselSection.component;

const context = { host: 'test.localhost', assetBase: '/assets/', preview: false };
const hero = (order: HeroSlidersSettings['order']): HeroSlidersSettings => ({
  order,
  large: { source: 'ad', dimension: '1480 * 630' },
  small: { source: 'recommend', dimension: '300 * 250' },
  autoplayMs: 2000,
  transitionMs: 500,
  loop: true,
  dots: true,
});

describe('banner sections', () => {
  let restore: () => void;
  let restoreMotion: () => void;
  beforeEach(() => {
    sessionStorage.clear();
    restore = installEmblaEnv();
    restoreMotion = stubReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    restore();
    restoreMotion();
  });

  it.each([
    ['large-first', ['Featured offers', 'Recommended offers']],
    ['small-first', ['Recommended offers', 'Featured offers']],
  ] as const)('hero-sliders %s: both sliders in that order, each from its own feed', async (order, names) => {
    const { asked } = bannerFetch((kind) => (kind === 'ad' ? 3 : 2));
    render(withProviders(<HeroSliders id="hero" settings={hero(order)} data={null} context={context} />));
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(5));
    const regions = screen.getAllByRole('region');
    expect(regions.map((r) => r.getAttribute('aria-label'))).toEqual(names);
    const large = screen.getByRole('region', { name: 'Featured offers' });
    expect(
      within(large)
        .getAllByRole('img')
        .map((i) => i.getAttribute('width')),
    ).toEqual(['1480', '1480', '1480']);
    expect(
      within(screen.getByRole('region', { name: 'Recommended offers' })).getAllByRole('button', {
        name: /^Go to slide/,
      }),
    ).toHaveLength(2);
    expect(asked.sort()).toEqual([
      '/end-user/advertisement/getAdBannerByDomain?dimension=1480+*+630',
      '/end-user/advertisement/recommendBannerByDomain?dimension=300+*+250',
    ]);
    for (const link of screen.getAllByRole('link'))
      expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        '_blank',
        'sponsored nofollow noopener',
      ]);
  });

  it('hero-sliders drops a slider whose feed is empty', async () => {
    bannerFetch((kind) => (kind === 'ad' ? 2 : 0));
    const { container } = render(
      withProviders(<HeroSliders id="hero" settings={hero('small-first')} data={null} context={context} />),
    );
    await waitFor(() => expect(container.querySelector('.skeleton')).toBeNull());
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Featured offers']);
  });

  it.each([
    [5, 2, null, [2, 2, 1]],
    [6, 3, null, [3, 3]],
    [7, 2, 4, [2, 2]],
  ] as const)('banner-pairs: %i banners, perRow %i, limit %j → rows %j', async (count, perRow, limit, rows) => {
    bannerFetch(() => count);
    const settings: BannerPairsSettings = { dimension: '1480 * 630', source: 'ad', perRow, limit };
    render(
      withProviders(
        <BannerPairs
          id="pairs"
          settings={settings}
          data={bannerFeedAtom(context.host, 'ad', '1480 * 630')}
          context={context}
        />,
      ),
    );
    await screen.findAllByRole('link');
    const groups = within(screen.getByRole('region', { name: 'Advertisements' })).getAllByRole('group');
    expect(groups.map((g) => within(g).getAllByRole('link').length)).toEqual(rows);
  });

  it('banner-pairs renders nothing when the tenant has no ad banners', async () => {
    const { fetchMock } = bannerFetch(() => 0);
    const { container } = render(
      withProviders(
        <BannerPairs
          id="pairs"
          settings={{ dimension: '1480 * 630', source: 'ad', perRow: 2, limit: null }}
          data={bannerFeedAtom(context.host, 'ad', '1480 * 630')}
          context={context}
        />,
      ),
    );
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    await expect.poll(() => container.innerHTML).toBe('');
  });

  it('banner-carousel with source "domain": the banners_v2 entries, no request, the bannerLink rule, no autoplay', async () => {
    const { fetchMock } = bannerFetch(() => 3);
    const bootstrap = testBootstrap({
      domain: {
        name: 'Test deals',
        home_page: 'Default',
        banners_v2: [
          { image: 'banners/a.svg', url: 'https://a.example/' },
          { image: 'banners/b.svg', storeId: 'bee-store' },
          { image: 'banners/c.svg' },
        ],
      },
    });
    const settings: BannerCarouselSettings = {
      dimension: '1480 * 630',
      source: 'domain',
      autoplayMs: null,
      transitionMs: 500,
      loop: true,
      dots: false,
      slidesPerView: 1,
    };
    render(
      withProviders(
        <BannerCarouselSection
          id="banners"
          settings={settings}
          data={bannerFeedAtom(context.host, 'domain', '1480 * 630')}
          context={context}
        />,
        bootstrap,
      ),
    );
    expect(screen.getAllByRole('group')).toHaveLength(3);
    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('href'), l.getAttribute('target')])).toEqual([
      ['https://a.example/', '_blank'],
      ['/store/bee-store', null],
    ]);
    expect(screen.queryAllByRole('button', { name: /^Go to slide/ })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Pause slides' })).toBeNull();
    expect(screen.getAllByRole('img')[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
