import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Coupon } from '../../../../src/shared/contract/entities';
import { CategoryPage } from '../../../../src/client/pages/category-page';
import { pageSettings } from '../../../../src/client/config/page-settings';
import { callsTo, json, makeCoupon, stubApi } from '../../deals/deal-fixtures';
import { BY_CATEGORY, CATEGORIES, VISIT, categories, inDays, mountPage } from './fixtures';

const perPage = pageSettings.couponsPerPage;
const mount = (path: string) => mountPage('/category/:category', <CategoryPage />, path);
const heading = () => screen.findByRole('heading', { level: 1 });

/** A page of a category's coupons as getCouponsBasedOnCategory answers it (active first). */
function categoryPage(category: string, page: number, total: number, expiredFrom = Infinity) {
  const first = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - first));
  const data: Coupon[] = Array.from({ length: count }, (_, i) =>
    makeCoupon(first + i + 1, {
      category,
      title: `${category} offer ${first + i + 1}`,
      expiry_date: first + i + 1 >= expiredFrom ? inDays(-3) : inDays(5),
    }),
  );
  return {
    success: true,
    data,
    total_records: total,
    total_pages: Math.ceil(total / perPage),
    page,
    per_page: perPage,
    // The server's totals of the whole category: makeCoupon gives a code to every even-numbered offer.
    offer_counts: { all: total, code: Math.floor(total / 2), deal: total - Math.floor(total / 2), free_shipping: 0 },
  };
}

function api(
  answer: (url: URL) => Response,
  cats: () => Response = () => json(200, { success: true, data: categories }),
) {
  return stubApi({
    [BY_CATEGORY]: (url) => answer(url),
    [CATEGORIES]: () => cats(),
    [VISIT]: () =>
      json(200, { success: true, message: 'Coupon visit recorded.', data: { store_id: 's', visit_count: 1 } }),
  });
}

const asked = (fetchMock: ReturnType<typeof api>) =>
  callsTo(fetchMock, BY_CATEGORY).map(([u]) => Object.fromEntries(new URL(String(u), 'http://x').searchParams));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('category page', () => {
  it('shows "<Category> coupons" with the count, the breadcrumb, the title and the first page of deal cards', async () => {
    const fetchMock = api((url) => json(200, categoryPage('Electronics', Number(url.searchParams.get('page')), 33)));
    mount('/category/Electronics');
    expect((await heading()).textContent).toBe('Electronics coupons');
    expect(await screen.findByText('33 offers · page 1 of 3')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(perPage);
    expect(asked(fetchMock)[0]).toEqual({ category: 'Electronics', page: '1', per_page: String(perPage) });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('listitem').map((li) => li.textContent?.replace('›', '').trim())).toEqual([
      'Home',
      'Categories',
      'Electronics',
    ]);
    expect(crumbs.getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe('/categories');
    expect(screen.getByTestId('page-title').textContent).toBe('Electronics coupons');
  });

  it('pages with total_records / total_pages and ?page=N', async () => {
    const fetchMock = api((url) => json(200, categoryPage('Electronics', Number(url.searchParams.get('page')), 33)));
    mount('/category/Electronics?page=3');
    expect(await screen.findByText('33 offers · page 3 of 3')).toBeVisible();
    expect(asked(fetchMock)[0]!.page).toBe('3');
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(33 - 2 * perPage);
    const nav = within(screen.getByRole('navigation', { name: 'Electronics coupon pages' }));
    expect(nav.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/category/Electronics?page=2');
    expect(nav.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/category/Electronics');
    expect(nav.getByText('3').getAttribute('aria-current')).toBe('page');
  });

  it('puts the expired coupons of the page in their own muted group', async () => {
    api(() => json(200, categoryPage('Pets', 1, 5, 4)));
    mount('/category/Pets');
    await heading();
    const expired = await screen.findByRole('region', { name: /^Expired offers/ });
    expect(
      within(expired)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Pets offer 4', 'Pets offer 5']);
    expect(
      within(screen.getByRole('region', { name: /^Active offers/ })).getAllByRole('heading', { level: 3 }),
    ).toHaveLength(3);
  });

  it('View opens the category form of the redirect path, the category URI-encoded', async () => {
    api(() => json(200, categoryPage('Home & Garden', 1, 2)));
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    mount('/category/Home%20%26%20Garden');
    expect((await heading()).textContent).toBe('Home & Garden coupons');
    fireEvent.click((await screen.findAllByRole('button', { name: 'View' }))[0]!);
    expect(open).toHaveBeenCalledWith(
      '/couponsredirect/category/Home%20%26%20Garden/coupon/store-1/c00000000000000000000001',
      '_blank',
      'noopener',
    );
  });

  it("names the category the tenant's way when the address differs in case", async () => {
    api(() => json(200, categoryPage('Electronics', 1, 3)));
    mount('/category/electronics');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Electronics coupons'));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Electronics coupons'));
  });

  it('gives an unknown or empty category a helpful empty state linking to the biggest categories and /categories', async () => {
    api(() => json(200, { ...categoryPage('Nowhere', 1, 0), total_pages: 0 }));
    mount('/category/Zebras');
    expect(await screen.findByRole('heading', { name: 'No coupons in “Zebras” right now' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse all categories' }).getAttribute('href')).toBe('/categories');
    const chips = await screen.findAllByRole('link', {
      name: /^(Fashion|Electronics|Home & Garden|Beauty|Pets|Air|Computers)/,
    });
    expect(chips.map((a) => a.getAttribute('href'))).toEqual(
      ['Fashion', 'Electronics', 'Home & Garden', 'Pets', 'Beauty', 'Air', 'Computers, Tablets & Accessories'].map(
        (c) => `/category/${encodeURIComponent(c)}`,
      ),
    );
    // The title follows the settled answer in an effect: under load it can land a render after the chips.
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Category not found'));
  });

  it('offers the first page when ?page=N is past the last one', async () => {
    api(() => json(200, categoryPage('Electronics', 9, 33)));
    mount('/category/Electronics?page=9');
    expect(await screen.findByRole('heading', { name: 'This page has no coupons' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe(
      '/category/Electronics',
    );
  });

  it('shows skeleton cards while loading, then an error with Try again, then the coupons', async () => {
    let fail = true;
    api(() => (fail ? json(500, { success: false, message: 'boom' }) : json(200, categoryPage('Electronics', 1, 2))));
    const { container } = mount('/category/Electronics');
    expect(container.querySelectorAll('.deal-list-skeleton')).toHaveLength(perPage);
    // The query client retries once before reporting the failure.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain("Couldn't load these coupons.");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('button', { name: 'View' })).toHaveLength(2);
  });
});
