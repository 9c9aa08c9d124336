import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SearchPage } from '../../../../src/client/pages/search-page';
import { pageSettings } from '../../../../src/client/config/page-settings';
import { COUPONS, STORES, mountPage, stubApi } from './listing-fixtures';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 20_000 });

const PER = pageSettings.searchPerPage;
const location = () => screen.getByTestId('location').textContent;
const region = (name: RegExp) => screen.getByRole('region', { name });
const storeHrefs = (el: HTMLElement) =>
  [...el.querySelectorAll('a[href^="/store/"]')].map((a) => a.getAttribute('href'));
const dealCards = () => [...document.querySelectorAll('article.deal-card')];
// Fixture matches for "i" (the stub filters like the API: name contains, case-insensitive).
const storesWithI = STORES.filter((s) => s.name.toLowerCase().includes('i'));
const couponsWithI = COUPONS.filter((c) => c.name.includes('i'));

describe('/searchpage', () => {
  it('shows matching stores and a page of deals with the counts, links to every store and to deal page 2', async () => {
    const { calls, recorded } = stubApi();
    const { title } = mountPage(<SearchPage />, '/searchpage?q=i');
    await waitFor(() => expect(dealCards()).toHaveLength(PER));
    expect(title()).toBe('Search results for “i”');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results for “i”');
    expect(screen.getByRole('status').textContent).toBe(`24 deals and ${storesWithI.length} stores found, page 1 of 2`);
    expect(storeHrefs(region(/^Stores/))).toEqual(storesWithI.slice(0, PER).map((s) => `/store/${s.slug}`));
    expect(
      within(region(/^Stores/))
        .getByRole('link', { name: `See all ${storesWithI.length} stores matching “i”` })
        .getAttribute('href'),
    ).toBe('/searchpage?q=i&type=stores');
    expect(within(region(/^Deals/)).getByRole('heading', { level: 2 }).textContent).toBe(
      `Deals (${couponsWithI.length})`,
    );
    const pages = screen.getByRole('navigation', { name: 'Deal result pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/searchpage?q=i&page=2');
    for (const path of ['/end-user/store/search-store', '/end-user/coupon/search-coupon']) {
      const url = calls(path)[0]!;
      expect([url.searchParams.get('search'), url.searchParams.get('page'), url.searchParams.get('per_page')]).toEqual([
        'i',
        '1',
        String(PER),
      ]);
    }
    expect(recorded).toEqual(['i']);
  });

  it('paging the deals keeps the stores, focuses the heading and does not record the search again', async () => {
    const { calls, recorded } = stubApi();
    mountPage(<SearchPage />, '/searchpage?q=i');
    await waitFor(() => expect(dealCards()).toHaveLength(PER));
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Deal result pages' })).getByRole('link', { name: 'Next' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `24 deals and ${storesWithI.length} stores found, page 2 of 2`,
      ),
    );
    expect(location()).toBe('/searchpage?q=i&page=2');
    expect(dealCards()).toHaveLength(couponsWithI.length - PER);
    expect(calls('/end-user/store/search-store').map((u) => u.searchParams.get('page'))).toEqual(['1']);
    expect(calls('/end-user/coupon/search-coupon').map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(recorded).toEqual(['i']);
  });

  it('?type=stores pages through every matching store with a way back to all results', async () => {
    stubApi();
    mountPage(<SearchPage />, '/searchpage?q=harbor&type=stores&page=2');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('20 stores found, page 2 of 2'));
    expect(storeHrefs(region(/^Stores/))).toEqual(
      STORES.filter((s) => s.name.startsWith('Harbor'))
        .slice(PER)
        .map((s) => `/store/${s.slug}`),
    );
    expect(screen.getByRole('link', { name: '← All results for “harbor”' }).getAttribute('href')).toBe(
      '/searchpage?q=harbor',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Store result pages' }))
        .getByRole('link', { name: 'Page 1' })
        .getAttribute('href'),
    ).toBe('/searchpage?q=harbor&type=stores');
    expect(dealCards()).toHaveLength(0);
  });

  it('reads the term the header stored in sessionStorage; a store match without deals says where the deals are', async () => {
    sessionStorage.setItem('searchTerm', 'Bluebird');
    const { recorded } = stubApi();
    mountPage(<SearchPage />, '/searchpage');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('0 deals and 1 store found'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results for “Bluebird”');
    expect(storeHrefs(region(/^Stores/))).toEqual(['/store/bluebird-books']);
    expect(
      screen.getByText('No deal names mention “Bluebird”. Open a store above to see all of its coupons.'),
    ).toBeVisible();
    expect(recorded).toEqual(['Bluebird']);
  });

  it('?q= wins over the stored term and becomes the stored term', async () => {
    sessionStorage.setItem('searchTerm', 'Bluebird');
    stubApi();
    mountPage(<SearchPage />, '/searchpage?q=delivery');
    await waitFor(() => expect(dealCards()).toHaveLength(6));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results for “delivery”');
    expect(sessionStorage.getItem('searchTerm')).toBe('delivery');
    // No store matches "delivery": the stores section is left out rather than shown empty.
    expect(screen.queryByRole('region', { name: /^Stores/ })).toBeNull();
  });

  it('nothing found: says so and suggests the biggest categories and popular stores', async () => {
    const { recorded } = stubApi();
    mountPage(<SearchPage />, '/searchpage?q=zzz');
    await waitFor(() => expect(screen.getByText('No stores or deals match “zzz”.')).toBeVisible());
    expect(screen.getByRole('status').textContent).toBe('No results for “zzz”');
    const categories = region(/Browse popular categories/);
    await waitFor(() => expect(within(categories).getAllByRole('link').length).toBeGreaterThan(1));
    expect(
      within(categories)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Fashion34 coupons', '/category/Fashion'],
      ['Electronics33 coupons', '/category/Electronics'],
      ['Home & Garden27 coupons', '/category/Home%20%26%20Garden'],
      ['Garden Tools4 coupons', '/category/Garden%20Tools'],
      ['All categories', '/categories'],
    ]);
    const popular = region(/Popular stores/);
    await waitFor(() => expect(storeHrefs(popular)).toHaveLength(pageSettings.searchSuggestions.stores));
    expect(storeHrefs(popular)[0]).toBe(`/store/${STORES[0]!.slug}`);
    expect(recorded).toEqual(['zzz']);
  });

  it('records each term once a session (case and spaces aside), and a new term from the page box again', async () => {
    const { recorded } = stubApi();
    mountPage(<SearchPage />, '/searchpage?q=Bluebird');
    await waitFor(() => expect(recorded).toEqual(['Bluebird']));
    cleanup();
    mountPage(<SearchPage />, '/searchpage?q=%20bluebird%20');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('0 deals and 1 store found'));
    expect(recorded).toEqual(['Bluebird']);
    const box = screen.getByRole('searchbox', { name: 'Search stores and deals' }) as HTMLInputElement;
    expect(box.value).toBe('bluebird');
    fireEvent.change(box, { target: { value: '  delivery ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/searchpage?q=delivery'));
    await waitFor(() => expect(dealCards()).toHaveLength(6));
    expect(sessionStorage.getItem('searchTerm')).toBe('delivery');
    expect(recorded).toEqual(['Bluebird', 'delivery']);
    // A blank box does nothing.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/searchpage?q=delivery');
  });

  it('without any term: invites a search and suggests categories, asking no search API and recording nothing', async () => {
    const { calls, recorded } = stubApi();
    const { title } = mountPage(<SearchPage />, '/searchpage');
    await waitFor(() => expect(within(region(/Browse popular categories/)).getAllByRole('link').length).toBe(5));
    expect(title()).toBe('Search');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search stores and deals');
    expect(calls('/end-user/store/search-store')).toHaveLength(0);
    expect(calls('/end-user/coupon/search-coupon')).toHaveLength(0);
    expect(recorded).toEqual([]);
  });

  it('a failed deal search shows an error with Try again while the store results stay', async () => {
    const fail = new Set(['/end-user/coupon/search-coupon']);
    stubApi({ fail });
    mountPage(<SearchPage />, '/searchpage?q=i');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("Couldn't load matching deals."), {
      timeout: 4000,
    });
    expect(screen.getByRole('status').textContent).toBe("Some results couldn't be loaded.");
    expect(storeHrefs(region(/^Stores/))).toHaveLength(PER);
    fail.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dealCards()).toHaveLength(PER));
  });
});
