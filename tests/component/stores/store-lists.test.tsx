import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { latestStores, mountSections, sectionEl, shippedSection, stubApi, topVisited } from './stores-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The store links of a section, in order (the link tile excluded). */
const storeLinks = (id: string) =>
  within(sectionEl(id))
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('href')!.startsWith('/store/'));
const hrefs = (links: HTMLElement[]) => links.map((a) => a.getAttribute('href'));

describe('store-strip', () => {
  it("hero layout's trending strip: 12 top-visited logos linking through store_details to /store/{slug}, logos only", async () => {
    const { calls } = stubApi();
    mountSections([shippedSection('hero-sliders', 'trending-stores')]);
    await waitFor(() => expect(storeLinks('trending-stores')).toHaveLength(12));
    const expected = topVisited(12);
    expect(hrefs(storeLinks('trending-stores'))).toEqual(expected.map((s) => `/store/${s.store_details.slug}`));
    const img = within(storeLinks('trending-stores')[0]!).getByRole('img');
    expect(img.getAttribute('src')).toBe(`/assets/${expected[0]!.store_details.image}`);
    expect(img.getAttribute('width')).toBe('240');
    expect(img.getAttribute('height')).toBe('160');
    expect(sectionEl('trending-stores').querySelector('.store-card-label')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Most trending stores' })).toBeVisible();
    expect(calls('/api/end-user/store/top-visited-stores').map((u) => u.searchParams.get('limit'))).toEqual(['12']);
  });

  it("hero layout's newly added strip: 11 latest stores then the 'Go to new stores' tile to /newlyaddedstores", async () => {
    stubApi();
    mountSections([shippedSection('hero-sliders', 'newly-added-stores')]);
    await waitFor(() => expect(storeLinks('newly-added-stores')).toHaveLength(11));
    expect(hrefs(storeLinks('newly-added-stores'))).toEqual(latestStores(11).map((s) => `/store/${s.slug}`));
    const links = within(sectionEl('newly-added-stores')).getAllByRole('link');
    const tile = links[links.length - 1]!;
    expect(tile.textContent).toBe('Go to new stores');
    expect(tile.getAttribute('href')).toBe('/newlyaddedstores');
  });

  it("default layout's newly added strip: 5 stores and the 'Go to new stores >' tile", async () => {
    stubApi();
    mountSections([shippedSection('latest-deals', 'newly-added-stores')]);
    await waitFor(() => expect(storeLinks('newly-added-stores')).toHaveLength(5));
    expect(
      within(sectionEl('newly-added-stores')).getByRole('link', { name: 'Go to new stores >' }).getAttribute('href'),
    ).toBe('/newlyaddedstores');
  });

  it('follows a number edited in the settings (count 3 of fetchLimit 4)', async () => {
    const { calls } = stubApi();
    mountSections([shippedSection('hero-sliders', 'trending-stores', { fetchLimit: 4, count: 3 })]);
    await waitFor(() => expect(storeLinks('trending-stores')).toHaveLength(3));
    expect(calls('/api/end-user/store/top-visited-stores')[0]!.searchParams.get('limit')).toBe('4');
  });

  it('falls back to the placeholder when a logo is broken', async () => {
    stubApi();
    mountSections([shippedSection('hero-sliders', 'newly-added-stores')]);
    await waitFor(() => expect(storeLinks('newly-added-stores')).toHaveLength(11));
    const img = within(storeLinks('newly-added-stores')[2]!).getByRole('img');
    expect(img.getAttribute('src')).toBe('/assets/stores/summit-trail-gear.svg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/assets/placeholder/store.svg');
  });

  it('shows a skeleton of exactly `count` tiles while loading, with the link tile', () => {
    stubApi({ hang: true });
    mountSections(
      [shippedSection('hero-sliders', 'newly-added-stores'), shippedSection('latest-deals', 'trending-stores')].map(
        (s, i) => ({ ...s, id: `s${i}` }),
      ),
    );
    expect(sectionEl('s0').querySelectorAll('.store-card-skeleton')).toHaveLength(11);
    expect(within(sectionEl('s0')).getByRole('link', { name: 'Go to new stores' })).toBeVisible();
    expect(sectionEl('s1').querySelectorAll('.store-card-skeleton')).toHaveLength(12);
    expect(sectionEl('s1').querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('clears the list on failure, says so, and loads again on Try again', async () => {
    const fail = new Set(['/api/end-user/store/latest-stores']);
    stubApi({ fail });
    mountSections([
      shippedSection('hero-sliders', 'newly-added-stores'),
      shippedSection('hero-sliders', 'trending-stores'),
    ]);
    const alert = await within(sectionEl('newly-added-stores')).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load stores.");
    expect(storeLinks('newly-added-stores')).toHaveLength(0);
    // Other sections are unaffected.
    await waitFor(() => expect(storeLinks('trending-stores')).toHaveLength(12));
    fail.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(storeLinks('newly-added-stores')).toHaveLength(11));
    expect(within(sectionEl('newly-added-stores')).queryByRole('alert')).toBeNull();
  });
});

describe('store-grid', () => {
  it("landing's trending grid: 12 cards, slugs upper-cased and cut to 25", async () => {
    stubApi();
    mountSections([shippedSection('landing', 'trending-stores')]);
    await waitFor(() => expect(storeLinks('trending-stores')).toHaveLength(12));
    const labels = [...sectionEl('trending-stores').querySelectorAll('.store-card-label')].map((l) => l.textContent);
    const expected = topVisited(12).map((s) => s.store_details.slug.toUpperCase().slice(0, 25));
    expect(labels).toEqual(expected);
    expect(labels.some((l) => l!.length === 25)).toBe(true); // a slug longer than 25 is in the data and was cut
    expect(labels.every((l) => l === l!.toUpperCase())).toBe(true);
  });

  it("landing's second grid shows the newly added stores at positions 11 to 20", async () => {
    const { calls } = stubApi();
    mountSections([shippedSection('landing', 'trending-newly-added')]);
    await waitFor(() => expect(storeLinks('trending-newly-added')).toHaveLength(10));
    expect(hrefs(storeLinks('trending-newly-added'))).toEqual(
      latestStores(20)
        .slice(10, 20)
        .map((s) => `/store/${s.slug}`),
    );
    expect(calls('/api/end-user/store/latest-stores')[0]!.searchParams.get('limit')).toBe('20');
  });

  it("landing's newly added stores: two grids of 12 (items 0–11, then 12–23) from one request of 24, labelled with the upper-cased slug", async () => {
    const { calls } = stubApi();
    mountSections([
      shippedSection('landing', 'newly-added-stores'),
      shippedSection('landing', 'newly-added-stores-more'),
    ]);
    await waitFor(() => expect(storeLinks('newly-added-stores-more')).toHaveLength(12));
    const all = latestStores(24);
    expect(hrefs(storeLinks('newly-added-stores'))).toEqual(all.slice(0, 12).map((s) => `/store/${s.slug}`));
    expect(hrefs(storeLinks('newly-added-stores-more'))).toEqual(all.slice(12, 24).map((s) => `/store/${s.slug}`));
    const labels = [...sectionEl('newly-added-stores').querySelectorAll('.store-card-label')].map((l) => l.textContent);
    expect(labels).toEqual(all.slice(0, 12).map((s) => s.slug.toUpperCase())); // cut: null keeps the whole slug
    expect(labels.some((l) => l!.length > 25)).toBe(true);
    expect(calls('/api/end-user/store/latest-stores')).toHaveLength(1);
  });

  it("Three/Four's trending grid: 8 cards, slug cut to 20, 'View all coupons' on each", async () => {
    stubApi();
    mountSections([shippedSection('three-four', 'trending-stores')]);
    await waitFor(() => expect(storeLinks('trending-stores')).toHaveLength(8));
    const cards = storeLinks('trending-stores');
    expect(cards.every((c) => c.querySelector('.store-card-cta')?.textContent === 'View all coupons')).toBe(true);
    const labels = cards.map((c) => c.querySelector('.store-card-label')!.textContent!);
    expect(labels).toEqual(topVisited(8).map((s) => s.store_details.slug.toUpperCase().slice(0, 20)));
    expect(Math.max(...labels.map((l) => l.length))).toBe(20);
  });
});
