import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { NewStoresPage } from '../../../../src/client/pages/new-stores-page';
import { pageSettings } from '../../../../src/client/config/page-settings';
import { STORES, mountPage, stubApi } from './listing-fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 20_000 });

const storeLinks = () => [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/store/"]')];

describe('/newlyaddedstores', () => {
  it('shows the newest stores first, each linking to its page with how many days ago it was added', async () => {
    // Now: 22 November 2026, 10:00 local; the fixture stores were added on 21, 20, 19 … November at 12:00 UTC.
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 10), shouldAdvanceTime: true });
    const { calls } = stubApi();
    const { title } = mountPage(<NewStoresPage />, '/newlyaddedstores');
    await waitFor(() => expect(storeLinks()).toHaveLength(pageSettings.newStoresCount));
    expect(title()).toBe('Newly added stores');
    expect(calls('/api/end-user/store/latest-stores')[0]!.searchParams.get('limit')).toBe(
      String(pageSettings.newStoresCount),
    );
    const newest = [...STORES].sort((a, b) => (a.created_at! < b.created_at! ? 1 : -1));
    expect(
      storeLinks()
        .slice(0, 3)
        .map((a) => a.getAttribute('href')),
    ).toEqual(newest.slice(0, 3).map((s) => `/store/${s.slug}`));
    expect(storeLinks()[0]!.textContent).toBe(`${newest[0]!.name}Added yesterday`);
    expect(storeLinks()[1]!.textContent).toBe(`${newest[1]!.name}Added 2 days ago`);
    expect(storeLinks()[9]!.textContent).toBe(`${newest[9]!.name}Added 10 days ago`);
    expect(screen.getByRole('status').textContent).toBe('The 48 newest stores');
    expect(screen.getByRole('link', { name: 'Browse all stores A–Z' }).getAttribute('href')).toBe('/store');
  });

  it('keeps the page size while loading, then shows an error with Try again', async () => {
    const fail = new Set(['/api/end-user/store/latest-stores']);
    stubApi({ fail });
    mountPage(<NewStoresPage />, '/newlyaddedstores');
    expect(screen.getByLabelText('Stores loading').querySelectorAll('li')).toHaveLength(pageSettings.newStoresCount);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("Couldn't load stores."), {
      timeout: 4000,
    });
    fail.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(storeLinks()).toHaveLength(pageSettings.newStoresCount));
  });

  it('says so when the tenant has no stores yet', async () => {
    stubApi({ stores: [] });
    mountPage(<NewStoresPage />, '/newlyaddedstores');
    await waitFor(() => expect(screen.getByText(/No new stores yet/)).toBeVisible());
    expect(screen.getByRole('status').textContent).toBe('No new stores');
  });
});
