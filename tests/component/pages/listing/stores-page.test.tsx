import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StoresPage } from '../../../../src/client/pages/stores-page';
import { pageSettings } from '../../../../src/client/config/page-settings';
import { STORES, mountPage, stubApi } from './listing-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Pages of 48 store cards make role queries slow in jsdom; these tests get more time than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const letterBar = () => within(screen.getByRole('navigation', { name: 'Stores by first letter' }));
const storeLinks = () => [
  ...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/store/"], body a[href^="/store/"]'),
];
const location = () => screen.getByTestId('location').textContent;

describe('/store (all stores)', () => {
  it('lists the first 48 stores A–Z in letter groups, each linking to /store/{slug}, with the count and page 2 link', async () => {
    const { calls } = stubApi();
    const { title } = mountPage(<StoresPage />, '/store');
    await waitFor(() => expect(storeLinks()).toHaveLength(pageSettings.storesPerPage));
    expect(title()).toBe('All stores');
    expect(storeLinks().map((a) => a.getAttribute('href'))).toEqual(STORES.slice(0, 48).map((s) => `/store/${s.slug}`));
    expect(screen.getByRole('link', { name: /Bluebird Books/ }).getAttribute('href')).toBe('/store/bluebird-books');
    expect(screen.getByRole('status').textContent).toBe('Showing 1–48 of 60 stores');
    // Groups: '#' first (8Bit Arcade), then A, B…; each group is a section headed by its letter.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 4)).toEqual(['#', 'A', 'B', 'C']);
    expect(within(screen.getByRole('region', { name: 'H' })).getAllByRole('link')).toHaveLength(20);
    const pages = screen.getByRole('navigation', { name: 'Store pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/store?page=2');
    expect(
      calls('/api/end-user/store/getActiveStoresBasedOnDomain').map((u) => u.searchParams.get('per_page')),
    ).toContain('48');
  });

  it('page 2 shows the rest: "Showing 49–60 of 60 stores"', async () => {
    stubApi();
    mountPage(<StoresPage />, '/store?page=2');
    await waitFor(() => expect(storeLinks()).toHaveLength(12));
    expect(storeLinks()[0]!.getAttribute('href')).toBe('/store/summit-trail-gear');
    expect(screen.getByRole('status').textContent).toBe('Showing 49–60 of 60 stores');
  });

  it('letter bar: letters on this page jump within it, letters of page 2 open page 2 at their group, absent letters are not links', async () => {
    stubApi();
    mountPage(<StoresPage />, '/store');
    await waitFor(() => expect(letterBar().getByRole('link', { name: 'Stores starting with T' })).toBeVisible());
    expect(letterBar().getByRole('link', { name: 'Stores starting with B' }).getAttribute('href')).toBe(
      '/store#stores-letter-b',
    );
    expect(
      letterBar().getByRole('link', { name: 'Stores starting with a number or symbol' }).getAttribute('href'),
    ).toBe('/store#stores-letter-other');
    expect(letterBar().getByRole('link', { name: 'Stores starting with T' }).getAttribute('href')).toBe(
      '/store?page=2#stores-letter-t',
    );
    // 'Églantine' files under E although the database sorts it last: E opens page 2.
    expect(letterBar().getByRole('link', { name: 'Stores starting with E' }).getAttribute('href')).toBe(
      '/store?page=2#stores-letter-e',
    );
    expect(letterBar().queryByRole('link', { name: 'Stores starting with J' })).toBeNull();
    expect(letterBar().getByText('J').getAttribute('aria-disabled')).toBe('true');
    // Following a letter of page 2 shows page 2 with that group's heading focused.
    fireEvent.click(letterBar().getByRole('link', { name: 'Stores starting with T' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('T'));
    expect(location()).toBe('/store?page=2#stores-letter-t');
    expect(document.activeElement?.id).toBe('stores-letter-t');
  });

  it('the name filter asks stores-by-name after a pause, resets to page 1 and announces the matches', async () => {
    const { calls } = stubApi();
    mountPage(<StoresPage />, '/store?page=2');
    await waitFor(() => expect(storeLinks()).toHaveLength(12));
    const input = screen.getByRole('searchbox', { name: 'Find a store' });
    input.focus();
    fireEvent.change(input, { target: { value: 'k' } });
    fireEvent.change(input, { target: { value: 'ki' } });
    fireEvent.change(input, { target: { value: 'kit' } });
    expect(calls('/api/end-user/store/stores-by-name')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 stores match “kit”'), { timeout: 3000 });
    // One request for the settled term (not one per key), on page 1.
    expect(
      calls('/api/end-user/store/stores-by-name').map((u) => [u.searchParams.get('name'), u.searchParams.get('page')]),
    ).toEqual([['kit', '1']]);
    expect(location()).toBe('/store?name=kit');
    expect(storeLinks().map((a) => a.textContent)).toEqual(['Copper Kettle Kitchen', 'Kestrel Kitchenware']);
    // Leaving page 2 for the filter's page 1 does not pull focus away from the box being typed in.
    expect(document.activeElement).toBe(input);
  });

  it('one match reads in the singular', async () => {
    stubApi();
    mountPage(<StoresPage />, '/store?name=arcade');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 store matches “arcade”'));
    expect(storeLinks().map((a) => a.getAttribute('href'))).toEqual(['/store/8bit-arcade']);
  });

  it('a filter that matches nothing says so and offers all stores and a deal search', async () => {
    stubApi();
    mountPage(<StoresPage />, '/store?name=qqq');
    await waitFor(() => expect(screen.getByText('No store name contains “qqq”.')).toBeVisible());
    expect(screen.getByRole('status').textContent).toBe('No store matches “qqq”');
    expect(screen.getByRole('link', { name: 'Search deals for “qqq”' }).getAttribute('href')).toBe('/searchpage?q=qqq');
    fireEvent.click(screen.getByRole('button', { name: 'Show all stores' }));
    await waitFor(() => expect(storeLinks()).toHaveLength(48));
    expect(location()).toBe('/store');
    expect((screen.getByRole('searchbox', { name: 'Find a store' }) as HTMLInputElement).value).toBe('');
  });

  it('shows a skeleton while loading, then an error with Try again that loads the stores', async () => {
    const fail = new Set(['/api/end-user/store/getActiveStoresBasedOnDomain']);
    stubApi({ fail });
    mountPage(<StoresPage />, '/store');
    expect(screen.getByLabelText('Stores loading').querySelectorAll('li')).toHaveLength(48);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("Couldn't load stores."), {
      timeout: 4000,
    });
    expect(storeLinks()).toHaveLength(0);
    fail.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(storeLinks()).toHaveLength(48));
  });
});
