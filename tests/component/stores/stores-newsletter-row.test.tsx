import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { latestStores, mountSections, sectionEl, shippedSection, stubApi } from './stores-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('stores-newsletter-row (Three/Four)', () => {
  it("shows 'Newly added stores' (5 and the 'Go to new stores' tile) with the newsletter box after it", async () => {
    const { calls } = stubApi();
    mountSections([shippedSection('three-four', 'newly-added-stores')]);
    const row = sectionEl('newly-added-stores');
    expect(within(row).getByRole('heading', { name: 'Newly added stores' })).toBeVisible();
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('link')
          .filter((a) => a.getAttribute('href')!.startsWith('/store/')),
      ).toHaveLength(5),
    );
    const links = within(row).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      ...latestStores(5).map((s) => `/store/${s.slug}`),
      '/newlyaddedstores',
    ]);
    expect(links[5]!.textContent).toBe('Go to new stores');
    expect(calls('/api/end-user/store/latest-stores')[0]!.searchParams.get('limit')).toBe('5');
    // The newsletter of its settings, after the stores (newsletterSide 'end').
    const heading = within(row).getByRole('heading', { name: 'Subscribe today' });
    expect(within(row).getByText('Never miss an offer')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Subscribe' })).toBeVisible();
    const parts = [...row.querySelector('.stores-newsletter-row')!.children].map((c) => c.className);
    expect(parts).toEqual(['stores-newsletter-row-stores', 'stores-newsletter-row-newsletter']);
    expect(heading.closest('.stores-newsletter-row-newsletter')).not.toBeNull();
  });

  it("puts the newsletter first with newsletterSide 'start'", () => {
    stubApi({ hang: true });
    mountSections([shippedSection('three-four', 'newly-added-stores', { newsletterSide: 'start' })]);
    const parts = [...sectionEl('newly-added-stores').querySelector('.stores-newsletter-row')!.children].map(
      (c) => c.className,
    );
    expect(parts).toEqual(['stores-newsletter-row-newsletter', 'stores-newsletter-row-stores']);
    expect(sectionEl('newly-added-stores').querySelectorAll('.store-card-skeleton')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Subscribe today' })).toBeVisible();
  });
});
