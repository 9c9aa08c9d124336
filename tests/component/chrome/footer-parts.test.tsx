import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import scrollToTopSection from '../../../src/sections/scroll-to-top/section';
import mobileFooterNavSection from '../../../src/sections/mobile-footer-nav/section';
import footerLinkColumnsSection from '../../../src/sections/footer-link-columns/section';
import type { FooterLinkColumnsSettings, MobileFooterNavSettings } from '../../../src/shared/layout/types';
import { withProviders } from '../render-helpers';
import { bootstrapWith, context } from './chrome-helpers';

// The components these tests draw, from their section modules' definitions.
const ScrollToTop = scrollToTopSection.component;
const MobileFooterNav = mobileFooterNavSection.component;
const FooterLinkColumns = footerLinkColumnsSection.component;

/** The scroll hook reads the position once per animation frame: after the next frame it has read it. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('scroll to top', () => {
  const scrollSpy = vi.fn();
  beforeEach(() => {
    scrollSpy.mockReset();
    vi.stubGlobal('scrollTo', scrollSpy);
    scrollTo(0);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  const mount = (thresholdPx = 300) =>
    render(
      withProviders(
        <ScrollToTop id="s" settings={{ thresholdPx, label: 'Scroll to top' }} data={null} context={context} />,
      ),
    );

  it('appears only once the page is scrolled beyond the threshold, and hides again above it', async () => {
    mount();
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(300);
    await nextFrame();
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(301);
    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeVisible();
    scrollTo(120);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull());
  });

  it('appears without a scroll event when the page was already scrolled past before it mounted (a shopper scrolling a server-drawn page)', async () => {
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    mount();
    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeVisible();
  });

  it('uses the threshold of the document', async () => {
    mount(1000);
    scrollTo(900);
    await nextFrame();
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    scrollTo(1001);
    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeVisible();
  });

  it('scrolls smoothly to the top, instantly when the visitor prefers reduced motion', async () => {
    mount();
    scrollTo(800);
    fireEvent.click(await screen.findByRole('button', { name: 'Scroll to top' }));
    expect(scrollSpy).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });

    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }));
    expect(scrollSpy).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });
  });
});

describe('mobile footer nav', () => {
  afterEach(cleanup);
  const settings: MobileFooterNavSettings = {
    links: [
      { label: 'Home', to: '/' },
      { label: 'About Us', to: '/aboutus' },
      { label: 'Contact Us', to: '/contactus' },
      { label: 'Privacy Policy', to: '/privacypolicy' },
      { label: 'Categories', to: '/categories' },
    ],
  };

  it('lists the links of the document, marks the current page and pads the body while it is shown', () => {
    render(
      withProviders(
        <MobileFooterNav id="m" settings={settings} data={null} context={context} />,
        bootstrapWith(),
        '/aboutus',
      ),
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      settings.links.map((l) => [l.label, l.to]),
    );
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(document.body.classList.contains('has-mobile-footer-nav')).toBe(true);
    cleanup();
    expect(document.body.classList.contains('has-mobile-footer-nav')).toBe(false);
  });
});

describe('footer link columns', () => {
  afterEach(cleanup);
  const settings: FooterLinkColumnsSettings = {
    columns: [
      {
        title: 'Categories',
        links: [
          { label: 'Professional', to: '/category/Professional' },
          { label: 'Pets', to: '/category/Pets' },
          { label: 'Air', to: '/category/Air' },
          { label: 'Nutritional Supplements', to: '/category/Nutritional%20Supplements' },
        ],
        showContact: false,
      },
      { title: 'Contact us', links: [], showContact: true },
      {
        title: 'Links',
        links: [
          { label: 'Home', to: '/' },
          { label: 'Categories', to: '/categories' },
          { label: 'Stores', to: '/store' },
          { label: 'About us', to: '/aboutus' },
        ],
        showContact: false,
      },
    ],
  };

  it('shows each column with its title, links and, where asked, the domain contact', () => {
    render(
      withProviders(<FooterLinkColumns id="c" settings={settings} data={null} context={context} />, bootstrapWith()),
    );
    const column = (name: string) => screen.getByRole('group', { name });
    const links = (name: string) =>
      within(column(name))
        .queryAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links('Categories')).toEqual(settings.columns[0]!.links.map((l) => [l.label, l.to]));
    expect(links('Links')).toEqual(settings.columns[2]!.links.map((l) => [l.label, l.to]));
    const contact = column('Contact us');
    expect(
      within(contact)
        .getByRole('link', { name: /^hello@/ })
        .getAttribute('href'),
    ).toBe('mailto:hello@couponharbor.example.com');
    expect(within(contact).getByRole('link', { name: '+1 555-0101' }).getAttribute('href')).toBe('tel:+15550101');
    expect(within(contact).getByText('12 Harbour Row, Port Example')).toBeVisible();
    expect(within(column('Categories')).queryByText('12 Harbour Row, Port Example')).toBeNull();
    expect(screen.getByText('© 2026 Coupon Harbor. All rights reserved.')).toBeVisible();
  });
});
