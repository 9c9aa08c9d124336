import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { NewsletterSettings } from '../../../src/shared/layout/types';
import { Newsletter } from '../../../src/client/section-kit/newsletter/newsletter';
import { withProviders } from '../render-helpers';
import { bannerFetch } from './embla-env';

// layouts/home/landing.json's newsletter block.
const landing: NewsletterSettings = {
  variant: 'landing',
  text: 'Sign up for the weekly email newsletter with the best coupons.',
  privacyNote: 'We will never share your email with a third party.',
  placeholder: 'Enter your email',
  buttonLabel: 'Subscribe',
  invalidEmailMessage: 'Please provide a valid email address.',
  completeMs: null,
  banners: { dimension: '300 * 250', source: 'recommend', count: 2 },
};
const context = { host: 'test.localhost', assetBase: '/assets/', preview: false };

describe('landing newsletter banners', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(cleanup);

  it('shows settings.banners.count banners of its dimension beside the form, one on each side', async () => {
    const { asked } = bannerFetch(() => 5);
    const { container } = render(withProviders(<Newsletter id="n" settings={landing} data={null} context={context} />));
    expect(container.querySelectorAll('.skeleton')).toHaveLength(2);
    const links = await screen.findAllByRole('link');
    expect(links).toHaveLength(2);
    for (const link of links)
      expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
        '_blank',
        'sponsored nofollow noopener',
      ]);
    const groups = screen.getAllByRole('group', { name: 'Advertisements' });
    expect(
      groups.map((g) =>
        within(g)
          .getAllByRole('img')
          .map((i) => `${i.getAttribute('width')}x${i.getAttribute('height')}`),
      ),
    ).toEqual([['300x250'], ['300x250']]);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    expect(screen.getByText('We will never share your email with a third party.')).toBeVisible();
    expect(asked).toEqual(['/end-user/advertisement/recommendBannerByDomain?dimension=300+*+250']);
  });

  it('keeps the form alone when there are no banners', async () => {
    const { fetchMock } = bannerFetch(() => 0);
    render(withProviders(<Newsletter id="n" settings={landing} data={null} context={context} />));
    await expect.poll(() => fetchMock.mock.calls.length).toBe(1);
    await expect.poll(() => document.querySelectorAll('.skeleton').length).toBe(0);
    expect(screen.queryAllByRole('group', { name: 'Advertisements' })).toHaveLength(0);
    expect(screen.getByLabelText('Email address')).toBeVisible();
  });

  it('asks for no banner without settings.banners', () => {
    const { fetchMock } = bannerFetch(() => 2);
    const { banners: _omit, ...plain } = landing;
    render(withProviders(<Newsletter id="n" settings={plain} data={null} context={context} />));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
