import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { BannerEntry } from '../../../src/client/api/banners';
import { BannerImage } from '../../../src/client/components/banners/banner-image';
import { withProviders } from '../render-helpers';
import { apiBanner } from './embla-env';

function mount(banner: BannerEntry, dimension: '1480 * 630' | '300 * 250' = '1480 * 630') {
  return render(
    withProviders(
      <Routes>
        <Route path="/" element={<BannerImage banner={banner} dimension={dimension} />} />
        <Route path="/store/:id" element={<p>store page</p>} />
      </Routes>,
    ),
  );
}

describe('BannerImage', () => {
  afterEach(cleanup);

  it('opens an ad banner’s http(s) redirect_url in a new tab, sponsored and noopener', () => {
    mount(apiBanner(1, '300 * 250'));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://store-1.example/?ref=two-banner-300x250-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['nofollow', 'noopener', 'sponsored']);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Advertisement: store-1.example');
  });

  it.each(['javascript:alert(1)', '/relative/path', '//evil.example/x', 'data:text/html,hi', ''])(
    'shows %j as a plain image, never a link',
    (redirect_url) => {
      mount({ ...apiBanner(2), redirect_url });
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.getByRole('img').getAttribute('alt')).toBe('Advertisement');
    },
  );

  it('takes its width and height from its dimension and prefers image_url over image_upload', () => {
    mount({ ...apiBanner(3, '300 * 250'), image_url: 'https://cdn.example/b.png' }, '1480 * 630');
    const img = screen.getByRole('img');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '250']);
    expect(img.getAttribute('src')).toBe('https://cdn.example/b.png');
  });

  it('prefixes image_upload with the asset base', () => {
    mount(apiBanner(4, '300 * 250'));
    expect(screen.getByRole('img').getAttribute('src')).toBe('/assets/banners/two/300x250-4.svg');
  });

  it('falls back to a neutral box of the same ratio when the image is broken', () => {
    mount(apiBanner(5, '300 * 250'));
    fireEvent.error(screen.getByRole('img'));
    const fallback = screen.getByRole('img', { name: 'Advertisement: store-5.example' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.style.aspectRatio).toBe('300 / 250');
    expect(screen.getByRole('link').getAttribute('href')).toContain('store-5.example');
  });

  describe('banners_v2 entries (bannerLink rule)', () => {
    it('url → new tab', () => {
      mount({ image: 'banners/x.svg', url: 'https://shop.example/sale', storeId: 'acme' });
      const link = screen.getByRole('link');
      expect(link.getAttribute('href')).toBe('https://shop.example/sale');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    });

    it('storeId (no url) → the in-app store page, same tab', () => {
      mount({ image: 'banners/x.svg', storeId: 'acme-outfitters' });
      const link = screen.getByRole('link');
      expect(link.getAttribute('href')).toBe('/store/acme-outfitters');
      expect(link.getAttribute('target')).toBeNull();
      fireEvent.click(link);
      expect(screen.getByText('store page')).toBeVisible();
    });

    it('a non-http url falls through to the store page', () => {
      mount({ image: 'banners/x.svg', url: 'javascript:alert(1)', storeId: 'acme' });
      expect(screen.getByRole('link').getAttribute('href')).toBe('/store/acme');
    });

    it('neither → a plain image with the section’s dimension', () => {
      mount({ image: 'banners/x.svg' });
      expect(screen.queryByRole('link')).toBeNull();
      const img = screen.getByRole('img');
      expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('src')]).toEqual([
        '1480',
        '630',
        '/assets/banners/x.svg',
      ]);
    });
  });
});
