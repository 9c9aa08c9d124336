import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppEffects } from '../../../src/client/app/effects/app-effects';
import { createAnalytics, type Analytics } from '../../../src/client/app/effects/analytics';
import { usePageTitle } from '../../../src/client/lib/page-title';
import { loadScript, SCRIPT_LOAD_TIMEOUT_MS } from '../../../src/client/app/effects/load-script';
import { withProviders } from '../render-helpers';
import { bootstrapWith } from './chrome-helpers';

function Navigator() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/store')}>
        stores
      </button>
      <button type="button" onClick={() => navigate('/searchpage?q=shoes')}>
        search
      </button>
    </>
  );
}

function TitledPage({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

function TitleSwitch() {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown && <TitledPage title="All stores" />}
      <button type="button" onClick={() => setShown(false)}>
        leave
      </button>
    </>
  );
}

const injected = () => Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-dealdeck-script]'));

describe('app effects', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    for (const el of document.querySelectorAll('script, meta, link')) el.remove();
    delete window.dataLayer;
    delete window.gtag;
    document.title = '';
  });

  describe('page views', () => {
    it('reports one page view per route change through the adapter, with the path and title', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const analytics: Analytics = { pageView: vi.fn() };
      render(
        withProviders(
          <>
            <AppEffects analytics={analytics} />
            <Navigator />
          </>,
          bootstrapWith(),
        ),
      );
      await waitFor(() => expect(analytics.pageView).toHaveBeenCalledTimes(1));
      expect(analytics.pageView).toHaveBeenLastCalledWith('/', 'Coupon Harbor');
      fireEvent.click(screen.getByRole('button', { name: 'stores' }));
      await waitFor(() => expect(analytics.pageView).toHaveBeenCalledTimes(2));
      expect(analytics.pageView).toHaveBeenLastCalledWith('/store', 'Coupon Harbor');
      fireEvent.click(screen.getByRole('button', { name: 'search' }));
      await waitFor(() => expect(analytics.pageView).toHaveBeenLastCalledWith('/searchpage?q=shoes', 'Coupon Harbor'));
      await act(() => vi.runOnlyPendingTimersAsync()); // a second view of the same route would be pending now
      expect(analytics.pageView).toHaveBeenCalledTimes(3);
    });

    it('calls gtag when the tenant configures an analytics id and the page has gtag', async () => {
      const gtag = vi.fn();
      window.gtag = gtag;
      render(
        withProviders(
          <>
            <AppEffects />
            <Navigator />
          </>,
          bootstrapWith({}, { analyticsId: 'G-TEST123' }),
        ),
      );
      fireEvent.click(screen.getByRole('button', { name: 'stores' }));
      await waitFor(() =>
        expect(gtag).toHaveBeenCalledWith(
          'event',
          'page_view',
          expect.objectContaining({ page_path: '/store', page_title: 'Coupon Harbor', send_to: 'G-TEST123' }),
        ),
      );
      expect(gtag.mock.calls.filter((c) => c[2]?.page_path === '/store')).toHaveLength(1);
    });

    it('pushes to the dataLayer when there is an id but no gtag, and does nothing without an id', () => {
      createAnalytics('G-TEST123').pageView('/store', 'Stores');
      expect(window.dataLayer).toEqual([
        expect.objectContaining({
          event: 'page_view',
          page_path: '/store',
          page_title: 'Stores',
          send_to: 'G-TEST123',
        }),
      ]);
      delete window.dataLayer;
      const gtag = vi.fn();
      window.gtag = gtag;
      createAnalytics(null).pageView('/store', 'Stores');
      createAnalytics('  ').pageView('/store', 'Stores');
      expect(gtag).not.toHaveBeenCalled();
      expect(window.dataLayer).toBeUndefined();
    });
  });

  describe('head', () => {
    it('keeps title, favicon and meta description in step with the domain data; pages add their own title', async () => {
      render(
        withProviders(
          <>
            <AppEffects analytics={{ pageView: () => {} }} />
            <TitleSwitch />
          </>,
          bootstrapWith(),
        ),
      );
      await waitFor(() => expect(document.title).toBe('All stores | Coupon Harbor'));
      expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
        '/assets/tenants/one/favicon.svg',
      );
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Coupon Harbor: verified coupon codes.',
      );
      fireEvent.click(screen.getByRole('button', { name: 'leave' }));
      await waitFor(() => expect(document.title).toBe('Coupon Harbor'));
    });

    it('updates the favicon link the server rendered rather than adding a second one', () => {
      const link = document.createElement('link');
      link.rel = 'icon';
      link.href = '/assets/old.svg';
      document.head.appendChild(link);
      render(withProviders(<AppEffects analytics={{ pageView: () => {} }} />, bootstrapWith()));
      expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
      expect(link.getAttribute('href')).toBe('/assets/tenants/one/favicon.svg');
    });
  });

  describe('tenant scripts', () => {
    const scripts = {
      header_html:
        '<meta name="x"><script nonce="stale">window.__h = 1;</script><script src="https://cdn.example/tag.js" data-id="7"></script><script async src="https://cdn.example/a.js"></script>',
      header_js: 'window.__hj = 1;',
      footer_js: 'window.__fj = 1;',
    };

    it('re-creates header_html scripts in <head> and injects header_js / footer_js, none with a nonce (the CSP lists their hashes)', () => {
      render(withProviders(<AppEffects analytics={{ pageView: () => {} }} />, bootstrapWith(scripts)));
      const [inline, src, asyncSrc, headerJs] = Array.from(
        document.head.querySelectorAll<HTMLScriptElement>('script[data-dealdeck-script]'),
      );
      expect(inline?.text).toBe('window.__h = 1;');
      expect(src?.getAttribute('src')).toBe('https://cdn.example/tag.js');
      expect(src?.getAttribute('data-id')).toBe('7');
      expect(src?.async).toBe(false);
      expect(asyncSrc?.hasAttribute('async')).toBe(true);
      expect(headerJs?.text).toBe('window.__hj = 1;');
      const footerJs = document.body.querySelector<HTMLScriptElement>('script[data-dealdeck-script="footer-js"]');
      expect(footerJs?.text).toBe('window.__fj = 1;');
      expect(document.body.lastElementChild).toBe(footerJs);
      expect(injected()).toHaveLength(5);
      for (const script of injected()) expect(script.hasAttribute('nonce')).toBe(false);
      expect(document.head.querySelector('meta[name="x"]')).toBeNull();
    });

    it('injects them once per page load', () => {
      const first = render(withProviders(<AppEffects analytics={{ pageView: () => {} }} />, bootstrapWith(scripts)));
      first.rerender(withProviders(<AppEffects analytics={{ pageView: () => {} }} />, bootstrapWith(scripts)));
      first.unmount();
      render(withProviders(<AppEffects analytics={{ pageView: () => {} }} />, bootstrapWith(scripts)));
      expect(injected()).toHaveLength(5);
    });

    it('injects nothing for empty or comment-only fields', () => {
      render(
        withProviders(
          <AppEffects analytics={{ pageView: () => {} }} />,
          bootstrapWith({ header_html: '<!-- demo header markup -->', header_js: '', footer_js: '  ' }),
        ),
      );
      expect(injected()).toHaveLength(0);
    });
  });

  describe('recaptcha loader', () => {
    it('loads recaptcha v3 with the site key, async, only when a key is configured', () => {
      render(withProviders(<AppEffects analytics={{ pageView: () => {} }} />, bootstrapWith()));
      expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
      cleanup();
      render(
        withProviders(
          <AppEffects analytics={{ pageView: () => {} }} />,
          bootstrapWith({}, { recaptchaSiteKey: 'site-key-1' }),
        ),
      );
      const script = document.querySelectorAll<HTMLScriptElement>('script[src*="recaptcha"]');
      expect(script).toHaveLength(1);
      expect(script[0]!.getAttribute('src')).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
      expect(script[0]!.async).toBe(true);
    });

    it(`gives a script ${SCRIPT_LOAD_TIMEOUT_MS} ms to load, then fails`, async () => {
      vi.useFakeTimers();
      const outcome = vi.fn();
      loadScript('https://cdn.example/slow.js', { id: 'slow' }).then(
        () => outcome('loaded'),
        (e: Error) => outcome(e.message),
      );
      await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_TIMEOUT_MS - 1);
      expect(outcome).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toHaveBeenCalledWith('script https://cdn.example/slow.js did not load within 120000 ms');
      expect(document.querySelector('script[data-dealdeck-script="slow"]')).toBeNull();
    });

    it('resolves when the script loads', async () => {
      const done = loadScript('https://cdn.example/fast.js', { id: 'fast' });
      document.querySelector('script[data-dealdeck-script="fast"]')!.dispatchEvent(new Event('load'));
      await expect(done).resolves.toBeUndefined();
    });
  });
});
