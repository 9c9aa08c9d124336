import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import headerBarSection from '../../../src/sections/header-bar/section';
import promoStripSection from '../../../src/sections/promo-strip/section';
import { SEARCH_TERM_KEY } from '../../../src/client/components/chrome/search-term';
import type { HeaderBarSettings, PromoStripSettings } from '../../../src/shared/layout/types';
import { withProviders } from '../render-helpers';
import { bootstrapWith, context, routed } from './chrome-helpers';

// The components these tests draw, from their section modules' definitions.
const HeaderBar = headerBarSection.component;
const PromoStrip = promoStripSection.component;

const settings: HeaderBarSettings = {
  style: 'one',
  showLogo: true,
  links: [
    { label: 'Home', to: '/' },
    { label: 'Stores', to: '/store' },
    { label: 'About us', to: '/aboutus' },
    { label: 'Categories', to: '/categories' },
    { label: 'Contact us', to: '/contactus' },
  ],
  searchPlaceholder: 'Search stores and coupons',
  searchButtonLabel: 'Search',
  searchRoute: '/searchpage',
  useHeaderColor: true,
};

function mount(s: HeaderBarSettings = settings, bootstrap = bootstrapWith(), path = '/') {
  return render(
    withProviders(routed(<HeaderBar id="header" settings={s} data={null} context={context} />), bootstrap, path),
  );
}

const location = () => screen.getByTestId('location').textContent;
const searchbox = () => screen.getByRole('searchbox', { name: 'Search stores and coupons' });

describe('header bar', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute('style');
  });

  it('shows the logo linking home with the site name as alt, and every link of the document', () => {
    mount();
    const logo = screen.getByRole('img', { name: 'Coupon Harbor' });
    expect(logo.getAttribute('src')).toBe('/assets/tenants/one/logo.svg');
    expect(logo.closest('a')?.getAttribute('href')).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      settings.links.map((l) => [l.label, l.to]),
    );
  });

  it('takes the link labels and search texts from the settings', () => {
    mount({
      ...settings,
      links: [{ label: 'Shops', to: '/store' }],
      searchPlaceholder: 'Find a deal',
      searchButtonLabel: 'Go',
    });
    expect(screen.getByRole('link', { name: 'Shops' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Find a deal' }).getAttribute('placeholder')).toBe('Find a deal');
    expect(screen.getByRole('button', { name: 'Go' })).toBeVisible();
  });

  it('stores the term and goes to the search route on Enter', () => {
    mount();
    fireEvent.change(searchbox(), { target: { value: '  running shoes ' } });
    fireEvent.keyDown(searchbox(), { key: 'Enter' });
    expect(sessionStorage.getItem(SEARCH_TERM_KEY)).toBe('running shoes');
    expect(location()).toBe('/searchpage?q=running+shoes');
  });

  it('stores the term and goes to the search route on the button', () => {
    mount({ ...settings, searchRoute: '/find' });
    fireEvent.change(searchbox(), { target: { value: 'café & co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(sessionStorage.getItem('searchTerm')).toBe('café & co');
    expect(location()).toBe(`/find?q=${encodeURIComponent('café & co').replace(/%20/g, '+')}`);
  });

  it('does nothing for a blank term', () => {
    mount();
    fireEvent.change(searchbox(), { target: { value: '   ' } });
    fireEvent.keyDown(searchbox(), { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(sessionStorage.getItem(SEARCH_TERM_KEY)).toBeNull();
    expect(location()).toBe('/');
  });

  it('toggles the mobile menu, closes it on Escape and on navigation', () => {
    mount();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(nav.dataset.open).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.dataset.open).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    fireEvent.click(within(nav).getByRole('link', { name: 'Stores' }));
    expect(location()).toBe('/store');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it("paints the bar with the domain's header_color and sets --brand with a readable contrast on :root", () => {
    const { container } = mount(settings, bootstrapWith({ header_color: '#facc15' }));
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--brand')).toBe('#facc15');
    expect(root.getPropertyValue('--brand-contrast')).toBe('#111827');
    expect((container.querySelector('.header-bar') as HTMLElement).style.getPropertyValue('--brand')).toBe('#facc15');
    cleanup();
    expect(root.getPropertyValue('--brand')).toBe('');

    mount(settings, bootstrapWith({ header_color: '#0f766e' }));
    expect(root.getPropertyValue('--brand-contrast')).toBe('#ffffff');
  });

  it('leaves the brand alone when the document turns useHeaderColor off', () => {
    mount({ ...settings, useHeaderColor: false });
    expect(document.documentElement.style.getPropertyValue('--brand')).toBe('');
  });

  it('shows the site name when the domain has no logo, and no logo when showLogo is false', () => {
    mount(settings, bootstrapWith({ logo: undefined }));
    expect(screen.getByRole('link', { name: 'Coupon Harbor' }).getAttribute('href')).toBe('/');
    cleanup();
    mount({ ...settings, showLogo: false });
    expect(screen.queryByRole('img', { name: 'Coupon Harbor' })).toBeNull();
  });
});

describe('promo strip', () => {
  afterEach(cleanup);
  const promo: PromoStripSettings = {
    items: [
      { label: 'Amazon Lightening Deal' },
      { label: 'Advertise with us', to: '/contactus' },
      { label: '100% Cashback' },
    ],
    allCategories: { label: 'All categories', to: '/categories' },
  };

  it('shows the promotional texts, links the ones with a route, and the All categories link', () => {
    render(withProviders(<PromoStrip id="promo" settings={promo} data={null} context={context} />, bootstrapWith()));
    expect(screen.getByText('Amazon Lightening Deal').closest('a')).toBeNull();
    expect(screen.getByText('100% Cashback').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'Advertise with us' }).getAttribute('href')).toBe('/contactus');
    expect(screen.getByRole('link', { name: 'All categories' }).getAttribute('href')).toBe('/categories');
  });
});
