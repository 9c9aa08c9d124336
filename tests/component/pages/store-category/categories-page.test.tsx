import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CategoriesPage } from '../../../../src/client/pages/categories-page';
import { json, stubApi } from '../../deals/deal-fixtures';
import { CATEGORIES, categories, mountPage } from './fixtures';

const mount = () => mountPage('/categories', <CategoriesPage />, '/categories');
const tiles = () => screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/category/'));
const names = () => tiles().map((a) => a.querySelector('.category-tile-name')?.textContent);
const filter = () => screen.getByLabelText('Filter categories') as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('categories page', () => {
  it('lists every category A–Z with its count, each linking to /category/{category} URI-encoded', async () => {
    stubApi({ [CATEGORIES]: () => json(200, { success: true, data: categories }) });
    mount();
    await waitFor(() => expect(tiles()).toHaveLength(categories.length));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All categories');
    expect(names()).toEqual([
      'Air',
      'Beauty',
      'Computers, Tablets & Accessories',
      'Electronics',
      'Fashion',
      'Home & Garden',
      'Pets',
    ]);
    expect(screen.getByRole('link', { name: /^Home & Garden/ }).getAttribute('href')).toBe(
      '/category/Home%20%26%20Garden',
    );
    expect(screen.getByRole('link', { name: /^Computers, Tablets/ }).getAttribute('href')).toBe(
      '/category/Computers%2C%20Tablets%20%26%20Accessories',
    );
    expect(screen.getByRole('link', { name: /^Fashion/ }).textContent).toContain('34 coupons');
    expect(
      screen.getByText(`${categories.length} categories · ${categories.reduce((n, c) => n + c.count, 0)} coupons`),
    ).toBeVisible();
    expect(screen.getByTestId('page-title').textContent).toBe('All categories');
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getByRole('link', { name: 'Home' })
        .getAttribute('href'),
    ).toBe('/');
  });

  it('filters live, case-insensitive substring, announcing the number found; no match offers to clear', async () => {
    stubApi({ [CATEGORIES]: () => json(200, { success: true, data: categories }) });
    mount();
    await waitFor(() => expect(tiles()).toHaveLength(categories.length));
    fireEvent.change(filter(), { target: { value: 'ELEC' } });
    expect(names()).toEqual(['Electronics']);
    expect(screen.getByText('1 category found').getAttribute('aria-live')).toBe('polite');
    fireEvent.change(filter(), { target: { value: ' a ' } });
    expect(names()).toEqual(['Air', 'Beauty', 'Computers, Tablets & Accessories', 'Fashion', 'Home & Garden']);
    fireEvent.change(filter(), { target: { value: 'zebra' } });
    expect(tiles()).toHaveLength(0);
    expect(screen.getByText('No category matches “zebra”.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Show all categories' }));
    expect(filter().value).toBe('');
    expect(tiles()).toHaveLength(categories.length);
  });

  it('shows placeholder tiles while loading, then an error with Try again, then the list', async () => {
    let fail = true;
    stubApi({
      [CATEGORIES]: () =>
        fail
          ? json(503, { success: false, message: 'Database unavailable.' })
          : json(200, { success: true, data: categories }),
    });
    const { container } = mount();
    expect(container.querySelectorAll('.category-tile-skeleton').length).toBeGreaterThan(0);
    expect(filter().disabled).toBe(true);
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert.textContent).toContain("Couldn't load categories.");
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tiles()).toHaveLength(categories.length));
  });

  it('says there are no categories yet (and where to go instead) for an empty list', async () => {
    stubApi({ [CATEGORIES]: () => json(200, { success: true, data: [] }) });
    mount();
    expect(await screen.findByText('No categories yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See all deals' }).getAttribute('href')).toBe('/coupons');
  });
});
