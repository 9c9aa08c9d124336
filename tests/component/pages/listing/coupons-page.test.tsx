import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CouponsPage } from '../../../../src/client/pages/coupons-page';
import { pageSettings } from '../../../../src/client/config/page-settings';
import { cut } from '../../../../src/shared/rules';
import { COUPONS, mountPage, stubApi } from './listing-fixtures';

// Titles as the deal card shows them: cut by pageSettings.dealCard (SPEC: 48 + '...').
const shownTitle = (i: number) =>
  cut(COUPONS[i]!.title, pageSettings.dealCard.titleCut, pageSettings.dealCard.ellipsis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 20_000 });

const cards = () => [...document.querySelectorAll('article.deal-card')];
const location = () => screen.getByTestId('location').textContent;

describe('/coupons (all deals)', () => {
  it('shows 12 deal cards newest first with the total, paged by the API, and a View button on each', async () => {
    const { calls } = stubApi();
    const { title } = mountPage(<CouponsPage />, '/coupons');
    await waitFor(() => expect(cards()).toHaveLength(pageSettings.couponsPerPage));
    expect(title()).toBe('All deals');
    expect(screen.getByRole('status').textContent).toBe('Showing 1–12 of 30 deals');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      COUPONS.slice(0, 12).map((_, i) => shownTitle(i)),
    );
    expect(shownTitle(3)).toBe('Buy one get one free at Brewhaven Coffee Roaster...');
    expect(within(cards()[0] as HTMLElement).getByRole('button', { name: 'View' })).toBeVisible();
    expect(
      within(cards()[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/store/${COUPONS[0]!.store.slug}`);
    const request = calls('/api/end-user/coupon/coupon-list-by-website')[0]!;
    expect([request.searchParams.get('page'), request.searchParams.get('per_page')]).toEqual(['1', '12']);
    const pages = screen.getByRole('navigation', { name: 'Deal pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/coupons?page=2', '/coupons?page=3', '/coupons?page=2']);
  });

  it('Next opens page 2 with the next 12 deals and moves focus to the page heading', async () => {
    const { calls } = stubApi();
    mountPage(<CouponsPage />, '/coupons');
    await waitFor(() => expect(cards()).toHaveLength(12));
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Showing 13–24 of 30 deals'));
    expect(location()).toBe('/coupons?page=2');
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe(shownTitle(12));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'All deals' }));
    expect(calls('/api/end-user/coupon/coupon-list-by-website').map((u) => u.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('the last page holds the remainder; a page past the end links back to page 1', async () => {
    stubApi();
    mountPage(<CouponsPage />, '/coupons?page=3');
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(screen.getByRole('status').textContent).toBe('Showing 25–30 of 30 deals');
    cleanup();
    mountPage(<CouponsPage />, '/coupons?page=9');
    await waitFor(() => expect(screen.getByText('There is no page 9; the deals end on page 3.')).toBeVisible());
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe('/coupons');
  });

  it('draws 12 card outlines while loading, and an error with Try again when the API fails', async () => {
    const fail = new Set(['/api/end-user/coupon/coupon-list-by-website']);
    stubApi({ fail });
    mountPage(<CouponsPage />, '/coupons');
    expect(screen.getByLabelText('Deals loading').querySelectorAll('.deal-card')).toHaveLength(12);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("Couldn't load deals."), {
      timeout: 4000,
    });
    fail.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(12));
  });

  it('an empty tenant gets a friendly empty state', async () => {
    stubApi({ coupons: [] });
    mountPage(<CouponsPage />, '/coupons');
    await waitFor(() => expect(screen.getByText(/No deals right now/)).toBeVisible());
    expect(screen.getByRole('status').textContent).toBe('No deals');
  });
});
