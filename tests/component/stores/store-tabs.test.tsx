import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { latestStores, mountSections, shippedSection, stubApi, topVisited } from './stores-fixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const panel = () => screen.getAllByRole('tabpanel').find((p) => !p.hidden)!;
const panelLinks = () => within(panel()).queryAllByRole('link');
const visitCounts = () =>
  [...panel().querySelectorAll('.store-card-extra')].map((e) => Number(e.textContent!.replace(/\D/g, '')));

describe('store-tabs (Home Five)', () => {
  it('shows the tabs of its settings, the first selected, with rows × perRow newly added stores linking to /store/{slug}', async () => {
    const { calls } = stubApi();
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['NEWLY ADDED STORES', 'MOST TRENDING STORES']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    expect(panel().getAttribute('aria-labelledby')).toBe(tabs[0]!.id);
    await waitFor(() => expect(panelLinks()).toHaveLength(24));
    expect(panelLinks().map((a) => a.getAttribute('href'))).toEqual(latestStores(24).map((s) => `/store/${s.slug}`));
    expect(calls('/api/end-user/store/latest-stores')[0]!.searchParams.get('limit')).toBe('24');
    // The second tab loads only when it is first shown.
    expect(calls('/api/end-user/store/top-visited-stores')).toHaveLength(0);
  });

  it('switches tab on click', async () => {
    stubApi();
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    fireEvent.click(screen.getByRole('tab', { name: 'MOST TRENDING STORES' }));
    expect(screen.getByRole('tab', { name: 'MOST TRENDING STORES' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(panelLinks()).toHaveLength(24));
    expect(panelLinks().map((a) => a.getAttribute('href'))).toEqual(
      topVisited(24).map((s) => `/store/${s.store_details.slug}`),
    );
    expect(visitCounts()).toEqual([]); // randomVisitCounts is off on this tab
  });

  it('moves between tabs with the arrow keys, Home and End (roving tabindex, focus follows)', () => {
    stubApi({ hang: true });
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    const [first, second] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(second);
    expect([first.tabIndex, second.tabIndex]).toEqual([-1, 0]);
    fireEvent.keyDown(second, { key: 'ArrowRight' }); // wraps
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowLeft' }); // wraps back
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'Home' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(first, { key: 'End' });
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe(second.id);
  });

  it('shows display-only visit counts within visitCounts {min, max}, the same on every render', async () => {
    stubApi();
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    await waitFor(() => expect(visitCounts()).toHaveLength(24));
    const first = visitCounts();
    expect(first.every((n) => n >= 1000 && n <= 9999)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(1); // not one number for every store
    fireEvent.click(screen.getByRole('tab', { name: 'MOST TRENDING STORES' }));
    fireEvent.click(screen.getByRole('tab', { name: 'NEWLY ADDED STORES' }));
    expect(visitCounts()).toEqual(first); // the tab switches re-rendered the panel; nothing was re-rolled
    cleanup();
    stubApi();
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    await waitFor(() => expect(visitCounts()).toEqual(first)); // seeded per store, so a new mount agrees too
  });

  it('follows its settings: rows, perRow, initialTab and a narrow visit count range', async () => {
    const { calls } = stubApi();
    mountSections([
      shippedSection('top-deals', 'store-tabs', { rows: 1, perRow: 3, initialTab: 1, visitCounts: { min: 5, max: 7 } }),
    ]);
    await waitFor(() => expect(panelLinks()).toHaveLength(3));
    expect(calls('/api/end-user/store/latest-stores')[0]!.searchParams.get('limit')).toBe('3');
    expect(visitCounts().every((n) => n >= 5 && n <= 7)).toBe(true);
    cleanup();
    stubApi();
    mountSections([shippedSection('top-deals', 'store-tabs', { initialTab: 2 })]);
    expect(screen.getByRole('tab', { name: 'MOST TRENDING STORES' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a skeleton of rows × perRow tiles while loading and an error with retry', async () => {
    stubApi({ hang: true });
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    expect(panel().querySelectorAll('.store-card-skeleton')).toHaveLength(24);
    cleanup();
    const fail = new Set(['/api/end-user/store/latest-stores']);
    stubApi({ fail });
    mountSections([shippedSection('top-deals', 'store-tabs')]);
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load stores.");
    fail.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(panelLinks()).toHaveLength(24));
  });
});
