import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import footerMainSection from '../../../src/sections/footer-main/section';
import { footerDataAtom } from '../../../src/client/section-kit/chrome/footer-data';
import type { FooterMainSettings } from '../../../src/shared/layout/types';
import type { Store } from '../../../src/shared/contract/entities';
import { withProviders } from '../render-helpers';
import { bootstrapWith, context, json } from './chrome-helpers';

// The components these tests draw, from their section modules' definitions.
const FooterMain = footerMainSection.component;

const settings: FooterMainSettings = {
  style: 'default',
  showLogo: true,
  aboutTitle: 'About us',
  privacyLink: { label: 'Privacy Policy', to: '/privacypolicy' },
  storesTitle: 'Stores',
  storesMax: 10,
  categoriesTitle: 'Categories',
  categoriesCount: 4,
  contactTitle: 'Contact us',
  showContact: true,
  showFooterText: true,
  paymentLogos: true,
};

// Shaped like GET /api/end-user/store/getStoresBasedOnDomain on the demo data: some archived or paused among them.
const stores: Store[] = Array.from({ length: 16 }, (_, i) => ({
  _id: `id-${i}`,
  slug: `store-${i}`,
  name: `Store ${i}`,
  image: `stores/store-${i}.svg`,
  description: 'A store.',
  website_url: `https://store-${i}.example/`,
  is_archived: i === 1 || i === 7,
  is_paused: i === 3 || i === 8,
  desktop_redirection_type: 'default',
  visit_count: 100 + i,
  created_at: '2025-01-12T02:51:58.204Z',
}));
const categories = ['Fashion', 'Electronics', 'Home & Garden', 'Beauty', 'Travel', 'Food & Drink'].map(
  (category, i) => ({ category, count: 30 - i }),
);

const fetchMock = vi.fn<typeof fetch>();
function answer(storesStatus = 200) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://test.localhost');
    if (url.pathname === '/api/end-user/store/getStoresBasedOnDomain') {
      if (storesStatus !== 200) return json({ success: false, message: 'Database unavailable' }, storesStatus);
      const perPage = Number(url.searchParams.get('per_page'));
      return json({
        success: true,
        data: stores.slice(0, perPage),
        total_records: stores.length,
        total_pages: 1,
        page: 1,
        per_page: perPage,
      });
    }
    if (url.pathname === '/api/end-user/coupon/getUniqueCategoryAndCount')
      return json({ success: true, data: categories });
    return json({ success: false, message: 'not here' }, 404);
  });
}

function mount(s: FooterMainSettings = settings, bootstrap = bootstrapWith()) {
  return render(
    withProviders(
      <FooterMain id="footer" settings={s} data={footerDataAtom(s, context)} context={context} />,
      bootstrap,
    ),
  );
}

const group = (name: string) => screen.getByRole('group', { name });
const hrefs = (el: HTMLElement) =>
  within(el)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('footer main', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists at most storesMax common stores, never an archived or paused one, each to /store/{slug}', async () => {
    answer();
    mount();
    await waitFor(() => expect(within(group('Stores')).getAllByRole('link')).toHaveLength(10));
    expect(hrefs(group('Stores'))).toEqual([
      '/store/store-0',
      '/store/store-2',
      '/store/store-4',
      '/store/store-5',
      '/store/store-6',
      '/store/store-9',
      '/store/store-10',
      '/store/store-11',
      '/store/store-12',
      '/store/store-13',
    ]);
    for (const bad of ['Store 1', 'Store 3', 'Store 7', 'Store 8'])
      expect(screen.queryByRole('link', { name: bad })).toBeNull();
  });

  it('takes the store count from the document', async () => {
    answer();
    mount({ ...settings, storesMax: 3 });
    await waitFor(() => expect(hrefs(group('Stores'))).toEqual(['/store/store-0', '/store/store-2', '/store/store-4']));
  });

  it('shows the first categoriesCount categories, each to its URI-encoded /category/ path', async () => {
    answer();
    mount();
    await waitFor(() => expect(within(group('Categories')).getAllByRole('link')).toHaveLength(4));
    expect(hrefs(group('Categories'))).toEqual([
      '/category/Fashion',
      '/category/Electronics',
      '/category/Home%20%26%20Garden',
      '/category/Beauty',
    ]);
    cleanup();
    mount({ ...settings, style: 'two', categoriesCount: 5 });
    await waitFor(() => expect(within(group('Categories')).getAllByRole('link')).toHaveLength(5));
    expect(screen.getByRole('link', { name: 'Travel' }).getAttribute('href')).toBe('/category/Travel');
  });

  it('shows the contact email, phone and address of the domain', () => {
    answer();
    mount();
    const contact = group('Contact us');
    const email = within(contact).getByRole('link', { name: /^hello@/ });
    expect([email.textContent, email.getAttribute('href')]).toEqual([
      'hello@couponharbor.example.com',
      'mailto:hello@couponharbor.example.com',
    ]);
    expect(within(contact).getByRole('link', { name: '+1 555-0101' }).getAttribute('href')).toBe('tel:+15550101');
    expect(within(contact).getByText('12 Harbour Row, Port Example')).toBeVisible();
  });

  it('shows the logo, about text, Privacy Policy link and footer text', () => {
    answer();
    mount();
    const about = group('About us');
    expect(within(about).getByRole('img', { name: 'Coupon Harbor' })).toBeVisible();
    expect(within(about).getByText('Coupon Harbor collects the best coupon codes.')).toBeVisible();
    expect(within(about).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacypolicy');
    expect(screen.getByText('© 2026 Coupon Harbor. All rights reserved.')).toBeVisible();
  });

  it('shows the payment logos, sized, only when the document asks for them', () => {
    answer();
    mount();
    const logos = within(screen.getByRole('list', { name: 'Payment methods' })).getAllByRole('img');
    expect(logos.map((img) => img.getAttribute('src'))).toEqual([
      '/assets/payments/visa.svg',
      '/assets/payments/mastercard.svg',
      '/assets/payments/amex.svg',
      '/assets/payments/paypal.svg',
    ]);
    for (const img of logos) expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['72', '46']);
    cleanup();
    mount({ ...settings, style: 'one', paymentLogos: false });
    expect(screen.queryByRole('list', { name: 'Payment methods' })).toBeNull();
  });

  it('fetches and shows nothing for a list the document sets to 0', () => {
    answer();
    mount({ ...settings, storesMax: 0, categoriesCount: 0, showContact: false });
    expect(screen.queryByRole('group', { name: 'Stores' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Contact us' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(
    'clears the store list on failure and offers to try again; the other columns stay',
    { timeout: 10_000 },
    async () => {
      answer(503);
      mount({ ...settings, storesMax: 2 });
      // The data layer retries once before it reports the failure.
      expect(await screen.findByText("Couldn't load stores.", undefined, { timeout: 5000 })).toBeVisible();
      expect(within(group('Stores')).queryAllByRole('link')).toHaveLength(0);
      await waitFor(() => expect(within(group('Categories')).getAllByRole('link')).toHaveLength(4));
      answer();
      fireEvent.click(within(group('Stores')).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(hrefs(group('Stores'))).toEqual(['/store/store-0', '/store/store-2']));
    },
  );
});
