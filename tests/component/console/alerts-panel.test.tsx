import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import AlertsPanel from '../../../src/client/console/alerts-panel';
import type { SignalAlert } from '../../../src/shared/contract/signal-alerts';

// The console's Alerts panel (issue 24): what an operator reads about a burst, and what they see while it loads, when
// there is nothing, and when the call fails; for an admin, the store alerts due and their "send now" (issue 26).

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const voteBurst: SignalAlert = {
  id: 2,
  kind: 'vote_burst',
  day: '2026-06-15',
  coupon_id: 'c0ffee0000000000000000c1',
  coupon_title: '20% off everything',
  coupon_code: 'SAVE20',
  store_name: 'Acme Outdoor',
  experiment_id: null,
  variant: null,
  tenants: [{ _id: 'a1', name: 'Deals One', host: 'one.localhost' }],
  networks: [
    { network: '203.0.113.0/24', count: 16 },
    { network: '2001:db8:1:2::/64', count: 9 },
  ],
  total: 25,
  first_seen: '2026-06-15T11:58:00.000Z',
  last_seen: '2026-06-15T12:04:31.000Z',
};
const exposureBurst: SignalAlert = {
  ...voteBurst,
  id: 1,
  kind: 'exposure_burst',
  coupon_id: null,
  coupon_title: null,
  coupon_code: null,
  store_name: null,
  experiment_id: 'five-home',
  variant: 'bold',
  tenants: [],
  networks: Array.from({ length: 7 }, (_, i) => ({ network: `198.51.${i}.0/24`, count: 40 - i })),
  total: 259,
};

describe('console alerts panel', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each burst with its kind, target, tenant, networks, total and UTC times', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [voteBurst, exposureBurst] }));
    render(<AlertsPanel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading alerts…');

    const table = await screen.findByRole('table', { name: /bursts seen/i });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/alerts');
    expect(within(table).getByRole('columnheader', { name: 'First seen (UTC)' })).toBeVisible();
    const [, vote, exposure] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell');

    const [kind, target, tenant, networks, total, first, last] = cells(vote);
    expect(kind).toHaveTextContent('Vote burst');
    expect(target).toHaveTextContent('20% off everything · Acme Outdoor · code SAVE20');
    expect(tenant).toHaveTextContent('Deals One (one.localhost)');
    expect(
      within(networks!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['203.0.113.0/24: 16', '2001:db8:1:2::/64: 9']);
    expect(total).toHaveTextContent('25');
    expect(first).toHaveTextContent('15 Jun 2026, 11:58 UTC');
    expect(last).toHaveTextContent('15 Jun 2026, 12:04 UTC');
    expect(within(last!).getByText(/12:04/)).toHaveAttribute('datetime', '2026-06-15T12:04:31.000Z');

    const [kind2, target2, tenant2, networks2] = cells(exposure);
    expect(kind2).toHaveTextContent('Exposure burst');
    expect(target2).toHaveTextContent('Experiment five-home, arm bold');
    expect(tenant2).toHaveTextContent('Not tenant-specific');
    // The five largest networks in the row, the other two behind "2 more".
    expect(within(networks2!).getByText('2 more')).toBeVisible();
    expect(within(networks2!).getAllByRole('listitem')).toHaveLength(7);
    expect(within(networks2!).getAllByRole('listitem')[5]).not.toBeVisible();
  });

  it('says so when no burst was seen', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, data: [] }));
    render(<AlertsPanel />);
    expect(await screen.findByText('No bursts seen.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message when the call fails, and loads again on Try again", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { success: false, message: 'The database is unavailable.' }));
    render(<AlertsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is unavailable.');
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: [voteBurst] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  // Issue 26: an admin also sees how many store alerts are due and sends them at once; an editor sees no such thing
  // (the routes are admin only).
  describe('store alerts', () => {
    /** Answers by method and path; `send` is the POST's answer. */
    const serve = (pending: object, send?: Response) =>
      fetchMock.mockImplementation(async (url, init) => {
        if (String(url) === '/api/admin/alerts') return json(200, { success: true, data: [] });
        if (String(url) === '/api/admin/store-alerts') return json(200, { success: true, data: pending });
        if (String(url) === '/api/admin/store-alerts/send' && init?.method === 'POST' && send) return send;
        return json(404, { success: false, message: 'not here' });
      });
    it('counts what is due, sends it on the button, and shows the result and the new count', async () => {
      const nothing = { alerts: 0, addresses: 0, mailed_today: 0 };
      serve(
        { alerts: 3, addresses: 2, mailed_today: 1 },
        json(200, { success: true, data: { mails: 2, alerts: 3, pending: nothing } }),
      );
      render(<AlertsPanel isAdmin />);
      expect(await screen.findByText(/^3 coupon alerts pending for 2 addresses\./)).toHaveTextContent(
        "1 address has had today's alert: the schedule mails it tomorrow.",
      );
      fireEvent.click(screen.getByRole('button', { name: 'Send pending store alerts now' }));
      expect(await screen.findByText('Queued 2 mails about 3 coupon alerts.')).toBeVisible();
      expect(screen.getByText('No store alerts are pending.')).toBeVisible();
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    });

    it("says so when nothing was pending, and shows the server's refusal", async () => {
      serve(
        { alerts: 0, addresses: 0, mailed_today: 0 },
        json(403, { success: false, message: 'Only an admin may do this.' }),
      );
      render(<AlertsPanel isAdmin />);
      expect(await screen.findByText('No store alerts are pending.')).toBeVisible();
      fireEvent.click(screen.getByRole('button', { name: 'Send pending store alerts now' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The store alerts were not sent: Only an admin may do this.',
      );
    });

    it('is not shown to an editor, who is not asked for it', async () => {
      serve({ alerts: 1, addresses: 1, mailed_today: 0 });
      render(<AlertsPanel />);
      expect(await screen.findByText('No bursts seen.')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Send pending store alerts now' })).toBeNull();
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/admin/alerts']);
    });
  });
});
