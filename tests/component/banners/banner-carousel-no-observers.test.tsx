import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BannerCarousel } from '../../../src/client/components/banners/banner-carousel';
import { withProviders } from '../render-helpers';
import { apiBanner } from './embla-env';

afterEach(cleanup);

// jsdom, like old browsers, has no ResizeObserver / IntersectionObserver: the carousel must still show its banners.
it('shows its banners without crashing where the browser lacks the observers embla needs', async () => {
  expect(typeof IntersectionObserver).toBe('undefined');
  render(
    withProviders(
      <BannerCarousel
        feed={{ status: 'success', banners: [apiBanner(1), apiBanner(2)], refetch: () => {} }}
        dimension="728 * 90"
        autoplayMs={2000}
        transitionMs={500}
        loop
        dots
      />,
    ),
  );
  // The dots come from embla once it has started: waiting for them waits for the code that would crash.
  expect(await screen.findAllByRole('button', { name: /^Go to slide/ })).toHaveLength(2);
  expect(screen.getAllByRole('link')).toHaveLength(2);
});
