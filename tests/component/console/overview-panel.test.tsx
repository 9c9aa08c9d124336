import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import OverviewPanel from '../../../src/client/console/overview-panel';
import type { AdminTenant } from '../../../src/shared/contract/admin';
import type { OverviewFigures, OverviewTenant } from '../../../src/shared/contract/overview';

// The console's first screen (issue 26): what an operator reads while it loads, the figures with where each leads,
// the most reported coupons, an editor's view, nothing to show, and a failed call.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const zero: OverviewFigures = {
  from: '2026-11-28T00:00:00.000Z',
  until: '2026-11-29T00:00:00.000Z',
  reveals: 0,
  click_outs: 0,
  new_subscribers: 0,
  reported_codes: 0,
  not_working_votes: 0,
  not_working_counted: 0,
  alerts: 0,
};
const harbor: OverviewTenant = {
  _id: 'a'.repeat(24),
  name: 'Coupon Harbor',
  host: 'one.localhost',
  time_zone: 'Europe/Berlin',
  date: '2026-11-28',
  today: {
    ...zero,
    reveals: 12,
    click_outs: 3,
    new_subscribers: 1,
    reported_codes: 1,
    not_working_votes: 2,
    alerts: 1,
  },
  last_7_days: {
    ...zero,
    from: '2026-11-21T23:00:00.000Z',
    reveals: 80,
    click_outs: 21,
    new_subscribers: 4,
    reported_codes: 2,
    not_working_votes: 5,
    not_working_counted: 3,
    alerts: 1,
  },
  reported: [
    {
      coupon_id: 'c'.repeat(24),
      title: '<b>60%</b> off',
      store_name: 'Paws & Whiskers',
      code: 'HELLO60',
      not_working_votes: 4,
      is_paused: false,
    },
  ],
};
const saverly: OverviewTenant = {
  ...harbor,
  _id: 'b'.repeat(24),
  name: 'Saverly',
  host: 'two.localhost',
  today: zero,
  last_7_days: zero,
  reported: [],
};
const listed = (t: OverviewTenant): AdminTenant =>
  ({ _id: t._id, key: t.name, hosts: [t.host], data: { name: t.name } }) as unknown as AdminTenant;
const answer = (tenants: OverviewTenant[]) =>
  json(200, { success: true, data: { generated_at: '2026-11-28T10:15:00.000Z', tenants } });

describe('console overview panel', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('holds a row per known tenant while loading, then shows each figure today and over 7 days', async () => {
    let resolve: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
    const onOpen = vi.fn();
    render(<OverviewPanel tenants={[listed(harbor), listed(saverly)]} isAdmin onOpen={onOpen} />);
    const table = screen.getByRole('table', { name: 'Today and the last 7 days, by tenant' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview…');
    resolve(answer([harbor, saverly]));

    const row = (await screen.findByRole('rowheader', { name: /Coupon Harbor/ })).closest('tr')!;
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(within(row).getByRole('rowheader')).toHaveTextContent(
      'Coupon Harborone.localhostToday: Sat 28 Nov (Europe/Berlin)',
    );
    const cell = (label: string) => row.querySelector<HTMLElement>(`td[data-label="${label}"]`)!;
    expect(within(cell('Reveals')).getByRole('button')).toHaveAccessibleName('12 today 80 in 7 days');
    expect(within(cell('Reveals')).getByRole('button')).toHaveAccessibleDescription(
      'Reveals Coupon Harbor Opens Catalogue, Coupons.',
    );
    expect(within(cell('Codes reported not working')).getByRole('button')).toHaveAccessibleName(
      '1 today 2 in 7 days (5 votes, 3 counted)',
    );
    expect(within(cell('Signal alerts')).getByRole('button')).toHaveAccessibleDescription(
      'Signal alerts Coupon Harbor Opens Alerts.',
    );

    fireEvent.click(within(cell('Click-outs')).getByRole('button'));
    expect(onOpen).toHaveBeenLastCalledWith({ panel: 'catalogue', table: 'stores', tenantId: harbor._id });
    fireEvent.click(within(cell('Signal alerts')).getByRole('button'));
    expect(onOpen).toHaveBeenLastCalledWith({ panel: 'alerts', tenantId: harbor._id });
    fireEvent.click(within(cell('New subscribers')).getByRole('button'));
    expect(onOpen).toHaveBeenLastCalledWith({ panel: 'domain', tenantId: harbor._id });

    // The most reported coupons, their markup shown as text, each with a way to the coupons.
    const reported = screen.getByRole('list', { name: 'Coupon Harbor' });
    expect(within(reported).getByRole('listitem')).toHaveTextContent('60% off · Paws & Whiskers · code HELLO604 votes');
    fireEvent.click(within(reported).getByRole('button', { name: 'Open coupons' }));
    expect(onOpen).toHaveBeenLastCalledWith({ panel: 'catalogue', table: 'coupons', tenantId: harbor._id });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/overview');
  });

  it('shows an editor the subscribers figure without the Domain data button only admins have', async () => {
    fetchMock.mockResolvedValue(answer([harbor]));
    render(<OverviewPanel tenants={[listed(harbor)]} isAdmin={false} onOpen={vi.fn()} />);
    const row = (await screen.findByRole('rowheader', { name: /Coupon Harbor/ })).closest('tr')!;
    const cell = row.querySelector<HTMLElement>('td[data-label="New subscribers"]')!;
    expect(cell).toHaveTextContent('1 today4 in 7 days');
    expect(within(cell).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing this week, and when no tenant is granted', async () => {
    fetchMock.mockResolvedValueOnce(answer([saverly]));
    render(<OverviewPanel tenants={[listed(saverly)]} isAdmin onOpen={vi.fn()} />);
    expect(await screen.findByText(/^Nothing yet this week/)).toBeVisible();
    cleanup();
    fetchMock.mockResolvedValueOnce(answer([]));
    render(<OverviewPanel tenants={[]} isAdmin={false} onOpen={vi.fn()} />);
    expect(await screen.findByText(/^No tenant is granted to you yet/)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failure with the server message and loads again on Try again', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { success: false, message: 'The database is resting.' }));
    render(<OverviewPanel tenants={[listed(harbor)]} isAdmin onOpen={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The overview could not be loaded: The database is resting.',
    );
    fetchMock.mockResolvedValueOnce(answer([harbor]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /Coupon Harbor/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
