import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  categories,
  STORES_TYPES,
  mountSections,
  sectionEl,
  shippedSection,
  shippedSections,
  stubApi,
} from './stores-fixtures';
import { defineSection } from '../../../src/client/engine/types';
import { loadedEntry } from '../../../src/client/engine/section-registry';
import { registry } from '../../../src/sections/page-registry';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entries = () => within(sectionEl('categories')).queryAllByRole('link');
const filterBox = () => screen.getByLabelText('Filter categories') as HTMLInputElement;

describe('category-sidebar', () => {
  it('lists every category with its count, linking to /category/{category} URI-encoded', async () => {
    stubApi();
    mountSections([shippedSection('hero-sliders', 'categories')]);
    await waitFor(() => expect(entries()).toHaveLength(categories.length));
    expect(screen.getByRole('heading', { name: 'Categories' })).toBeVisible();
    expect(entries().map((a) => a.querySelector('.category-list-name')!.textContent)).toEqual(
      categories.map((c) => c.category),
    );
    expect(entries().map((a) => a.querySelector('.category-list-count')!.textContent)).toEqual(
      categories.map((c) => `${c.count} coupons`),
    );
    expect(
      within(sectionEl('categories'))
        .getByRole('link', { name: /^Home & Garden/ })
        .getAttribute('href'),
    ).toBe('/category/Home%20%26%20Garden');
    expect(
      within(sectionEl('categories'))
        .getByRole('link', { name: /^Computers, Tablets/ })
        .getAttribute('href'),
    ).toBe('/category/Computers%2C%20Tablets%20%26%20Accessories');
  });

  it("filters live by case-insensitive substring, with the placeholder 'Search Category' and an empty state", async () => {
    stubApi();
    mountSections([shippedSection('hero-sliders', 'categories')]);
    await waitFor(() => expect(entries()).toHaveLength(categories.length));
    expect(filterBox().placeholder).toBe('Search Category');
    fireEvent.change(filterBox(), { target: { value: 'GARD' } });
    expect(entries().map((a) => a.querySelector('.category-list-name')!.textContent)).toEqual([
      'Home & Garden',
      'Garden Tools',
    ]);
    fireEvent.change(filterBox(), { target: { value: 'elec' } });
    expect(entries().map((a) => a.querySelector('.category-list-name')!.textContent)).toEqual(['Electronics']);
    fireEvent.change(filterBox(), { target: { value: 'zebra' } });
    expect(entries()).toHaveLength(0);
    expect(within(sectionEl('categories')).getByText('No category matches “zebra”.')).toBeVisible();
    fireEvent.change(filterBox(), { target: { value: '' } });
    expect(entries()).toHaveLength(categories.length);
  });

  it('takes list height, placeholder, title, counts and link pattern from its settings', async () => {
    stubApi();
    mountSections([
      shippedSection('hero-sliders', 'categories', {
        listHeightPx: 200,
        placeholder: 'Find a category',
        title: 'Browse',
        showCount: false,
        linkPattern: '/c/{category}?from=home',
      }),
    ]);
    await waitFor(() => expect(entries()).toHaveLength(categories.length));
    expect(sectionEl('categories').querySelector<HTMLElement>('.category-list-box')!.style.height).toBe('200px');
    expect(filterBox().placeholder).toBe('Find a category');
    expect(screen.getByRole('heading', { name: 'Browse' })).toBeVisible();
    expect(sectionEl('categories').querySelector('.category-list-count')).toBeNull();
    expect(entries()[2]!.getAttribute('href')).toBe('/c/Home%20%26%20Garden?from=home');
  });

  it('is 331px high as the shipped documents say', async () => {
    stubApi();
    mountSections([shippedSection('three-four', 'categories')]);
    expect(sectionEl('categories').querySelector<HTMLElement>('.category-list-box')!.style.height).toBe('331px');
  });

  it('shows an error with Try again when the categories fail, then the list', async () => {
    const fail = new Set(['/api/end-user/coupon/getUniqueCategoryAndCount']);
    stubApi({ fail });
    mountSections([shippedSection('hero-sliders', 'categories')]);
    const alert = await within(sectionEl('categories')).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load categories.");
    expect(entries()).toHaveLength(0);
    fail.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(entries()).toHaveLength(categories.length));
  });

  it('sits in the sidebar column on the default layout and in the main column on the others', async () => {
    stubApi({ hang: true });
    // Only the category section is real here; the rest of each shipped document renders as a stub.
    const stub = loadedEntry(defineSection('promo-strip', { component: () => <p>other section</p> }));
    const registryFor = (types: string[]) =>
      Object.fromEntries(types.map((t) => [t, STORES_TYPES.includes(t) ? registry[t] : stub]));
    const byDefault = shippedSections('latest-deals');
    mountSections(byDefault, registryFor(byDefault.map((s) => s.type)));
    expect(sectionEl('categories').closest('aside.layout-sidebar')).not.toBeNull();
    expect(document.querySelector('.layout-main [data-section-id="categories"]')).toBeNull();
    cleanup();
    const hero = shippedSections('hero-sliders');
    mountSections(hero, registryFor(hero.map((s) => s.type)));
    expect(sectionEl('categories').closest('aside')).toBeNull();
    expect(document.querySelector('.layout-sidebar')).toBeNull();
  });
});
