import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import AlertsPanel from '../../../src/client/console/alerts-panel';

// Issue 26: the Alerts tab tells an admin how many store alerts are due and sends them at once; an editor sees no such
// thing (the routes are admin only).

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('console store alerts', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** Answers by method and path; `send` is the POST's answer. */
  const serve = (pending: object, send?: Response) =>
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/api/admin/alerts') return json(200, { success: true, data: [] });
      if (String(url) === '/api/admin/store-alerts') return json(200, { success: true, data: pending });
      if (String(url) === '/api/admin/store-alerts/send' && init?.method === 'POST' && send) return send;
      return json(404, { success: false, message: 'not here' });
    });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
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
