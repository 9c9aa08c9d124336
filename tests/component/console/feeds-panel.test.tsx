import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import FeedsPanel from '../../../src/client/console/feeds/feeds-panel';
import type { AdminTenant } from '../../../src/shared/contract/admin';
import type { Feed, FeedAdvertiser, FeedRun } from '../../../src/shared/contract/feeds';

// Issue 30, the console's Feeds tab: the feeds listed with their source, schedule and last run; the add and edit form
// (credentials are write-only: sent only when typed); the advertisers' mapping (unmapped first, suggestions accepted
// at once); a run queued, watched until done, and its diff with the refused records' reasons. Mocked at fetch, as
// the console's other panels are.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message?: string) => json(200, { success: true, ...(message ? { message } : {}), data });

const tenant = (id: string, host: string, name: string) =>
  ({ _id: id, key: host, hosts: [host], data: { name } }) as unknown as AdminTenant;
const TENANTS = [tenant('t1', 'one.localhost', 'Deals One'), tenant('t2', 'two.localhost', 'Deals Two')];

const run = (over: Partial<FeedRun> = {}): FeedRun => ({
  id: 11,
  feed_id: 7,
  dry_run: false,
  status: 'done',
  trigger: 'console',
  queued_at: '2026-12-01T10:00:00.000Z',
  started_at: '2026-12-01T10:00:01.000Z',
  finished_at: '2026-12-01T10:00:04.000Z',
  records: 16,
  added: 12,
  changed: 1,
  expired: 1,
  refused: 2,
  unmapped: 0,
  unchanged: 0,
  samples: { added: [], changed: [], expired: [], refused: [] },
  error: null,
  ...over,
});

const awin: Feed = {
  id: 7,
  name: 'Awin UK',
  format: 'awin-csv',
  url: 'https://productdata.awin.com/vouchers.csv?region=uk',
  file_bytes: null,
  auth: 'query',
  tenants: ['t1', 't2'],
  category: 'Electronics',
  every_hours: 6,
  enabled: true,
  advertisers: 5,
  unmapped_advertisers: 3,
  last_run: run(),
  next_run_at: null,
};
const uploaded: Feed = {
  ...awin,
  id: 8,
  name: 'CJ upload',
  format: 'cj-xml',
  url: null,
  file_bytes: Math.round(3.2 * 1024 * 1024),
  auth: 'none',
  tenants: ['t2'],
  every_hours: 0,
  advertisers: 0,
  unmapped_advertisers: 0,
  last_run: null,
};

const advertiser = (over: Partial<FeedAdvertiser> & Pick<FeedAdvertiser, 'advertiser_id' | 'name'>) =>
  ({ site: null, offers: 2, store_id: null, store_name: null, suggestion: null, ...over }) as FeedAdvertiser;

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

describe('console Feeds tab', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** Answers "METHOD /api/admin/path" (query left out); anything else is a 404 the test would show. */
  const serve = (routes: Record<string, Route>) =>
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://console.test').pathname;
      const route = routes[`${init?.method ?? 'GET'} ${path}`];
      return route ? route(init) : json(404, { success: false, message: `not served: ${path}` });
    });
  const sent = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).split('?')[0] === path)
      .map(([, init]) => init?.body);
  const categories = () => json(200, { success: true, data: [{ name: 'Electronics', position: 1, coupons: 3 }] });

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each feed with its format, source, tenants, schedule and last run; the badge opens the mapping', async () => {
    serve({
      'GET /api/admin/feeds': () => ok([awin, uploaded]),
      'GET /api/admin/feeds/7/advertisers': () => ok([]),
      'GET /api/admin/feeds/7/runs': () => ok([]),
    });
    render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeVisible();
    const table = await screen.findByRole('table', { name: '2 feeds, newest first' });
    const row = within(table).getByRole('rowheader', { name: 'Awin UK' }).closest('tr')!;
    const cell = (r: HTMLElement, label: string) => r.querySelector<HTMLElement>(`[data-label="${label}"]`)!;
    expect(cell(row, 'Format')).toHaveTextContent('Awin voucher CSV');
    expect(cell(row, 'Source')).toHaveTextContent('productdata.awin.com');
    expect(cell(row, 'Tenants')).toHaveTextContent('one.localhost, two.localhost');
    expect(cell(row, 'Schedule')).toHaveTextContent('every 6 h');
    expect(cell(row, 'Last run')).toHaveTextContent(/Sync done/);
    // Signs for the eye, words for a screen reader.
    const counts = cell(row, 'Last run').querySelector<HTMLElement>('.feed-run-counts')!;
    const textOf = (hide: string) => {
      const copy = counts.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(hide).forEach((e) => e.remove());
      return copy.textContent!.replace(/\s+/g, ' ').trim();
    };
    expect(textOf('.sr-only')).toBe('+12~1−1⚠2');
    expect(textOf('[aria-hidden="true"]')).toBe('12 added, 1 changed, 1 expired, 2 refused,');
    const cj = within(table).getByRole('rowheader', { name: 'CJ upload' }).closest('tr')!;
    expect(cell(cj, 'Source')).toHaveTextContent('Uploaded file, 3.2 MB');
    expect(cell(cj, 'Schedule')).toHaveTextContent('manual');
    expect(cell(cj, 'Last run')).toHaveTextContent('Never run');

    fireEvent.click(within(row).getByRole('button', { name: '3 unmapped advertisers of Awin UK: map them' }));
    expect(await screen.findByRole('tab', { name: 'Advertisers (3 unmapped)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { level: 2, name: /Awin UK/ })).toHaveFocus();
  });

  it('explains what a feed is when there is none', async () => {
    serve({ 'GET /api/admin/feeds': () => ok([]), 'GET /api/admin/categories': categories });
    render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
    expect(await screen.findByText(/A feed is an affiliate network's list of voucher codes and deals/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Add your first feed' }));
    expect(screen.getByRole('form', { name: 'Add a feed' })).toBeVisible();
  });

  describe('the feed form', () => {
    const created = { ...uploaded, id: 9, name: 'Awin UK', format: 'awin-csv' as const, last_run: null };

    it('sends FeedCreate without credentials when none were chosen, with them when typed', async () => {
      const feeds: Feed[] = [];
      serve({
        'GET /api/admin/feeds': () => ok(feeds),
        'GET /api/admin/categories': categories,
        'POST /api/admin/feeds': () => {
          feeds.push(created);
          return json(201, { success: true, message: 'Feed added.', data: created });
        },
        'GET /api/admin/feeds/9/runs': () => ok([]),
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Add your first feed' }));
      const form = screen.getByRole('form', { name: 'Add a feed' });
      await within(form).findByRole('option', { name: 'Electronics' });

      // Nothing filled: each problem is said at its field, and nothing is sent.
      fireEvent.click(within(form).getByRole('button', { name: 'Add feed' }));
      expect(within(form).getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
        'For you, e.g. “Awin UK”. Give the feed a name.',
      );
      expect(sent('POST', '/api/admin/feeds')).toEqual([]);

      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: ' Awin UK ' } });
      expect(within(form).getByLabelText('Format')).toHaveDisplayValue('Awin voucher CSV');
      expect(
        within(form)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(expect.arrayContaining(['CJ Link Search XML', 'Tradedoubler vouchers JSON']));
      fireEvent.change(within(form).getByLabelText('Feed URL'), { target: { value: 'http://127.0.0.1:9/awin.csv' } });
      fireEvent.click(within(form).getByLabelText(/Deals Two/));
      fireEvent.change(within(form).getByLabelText('Default category'), { target: { value: 'Electronics' } });
      fireEvent.change(within(form).getByLabelText('Sync every (hours)'), { target: { value: '0' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add feed' }));

      expect(await screen.findByRole('heading', { level: 2, name: /Awin UK/ })).toBeVisible();
      expect(screen.getByText('Feed added.')).toBeVisible();
      expect(JSON.parse(String(sent('POST', '/api/admin/feeds')[0]))).toEqual({
        name: 'Awin UK',
        format: 'awin-csv',
        url: 'http://127.0.0.1:9/awin.csv',
        tenants: ['t1', 't2'],
        category: 'Electronics',
        every_hours: 0,
        enabled: true,
      });
    });

    it('sends the secret query parameter typed, and uploads a chosen file as the raw body after', async () => {
      const feeds: Feed[] = [];
      serve({
        'GET /api/admin/feeds': () => ok(feeds),
        'GET /api/admin/categories': categories,
        'POST /api/admin/feeds': () => json(201, { success: true, message: 'Feed added.', data: created }),
        'POST /api/admin/feeds/9/file': () => {
          feeds.push({ ...created, file_bytes: 4 });
          return ok(feeds[0], 'Feed file uploaded.');
        },
        'GET /api/admin/feeds/9/runs': () => ok([]),
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Add your first feed' }));
      const form = screen.getByRole('form', { name: 'Add a feed' });
      await within(form).findByRole('option', { name: 'Electronics' });
      fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Awin UK' } });
      fireEvent.click(within(form).getByLabelText('Upload a file'));
      const file = new File(['a,b\n'], 'vouchers.csv', { type: 'text/csv' });
      fireEvent.change(within(form).getByLabelText('Feed file'), { target: { files: [file] } });
      fireEvent.click(within(form).getByLabelText('Secret query parameter'));
      fireEvent.change(within(form).getByLabelText('Parameter name'), { target: { value: 'token' } });
      fireEvent.change(within(form).getByLabelText('Parameter value'), { target: { value: 's3cret' } });
      expect(within(form).getByLabelText('Parameter value')).toHaveAttribute('type', 'password');
      fireEvent.change(within(form).getByLabelText('Default category'), { target: { value: 'Electronics' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add feed' }));

      expect(await screen.findByText('Feed added. vouchers.csv (4 B) uploaded.')).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: /Awin UK/ })).toHaveFocus();
      expect(screen.getByText(/Uploaded file, 4 B/)).toBeVisible();
      const body = JSON.parse(String(sent('POST', '/api/admin/feeds')[0]));
      expect(body).not.toHaveProperty('url');
      expect(body.credentials).toEqual({ auth: 'query', name: 'token', secret: 's3cret' });
      const upload = fetchMock.mock.calls.find(([url]) => url === '/api/admin/feeds/9/file')![1]!;
      expect(upload.body).toBe(file);
      expect(new Headers(upload.headers).get('content-type')).toBe('application/octet-stream');
    });

    it('edits a feed without sending its stored secrets, and replaces them only when typed', async () => {
      let stored = awin;
      serve({
        'GET /api/admin/feeds': () => ok([stored]),
        'GET /api/admin/categories': categories,
        'GET /api/admin/feeds/7/runs': () => ok([]),
        'PATCH /api/admin/feeds/7': (init) => {
          stored = { ...stored, ...JSON.parse(String(init?.body)), credentials: undefined };
          return ok(stored, 'Feed saved.');
        },
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Awin UK' }));
      fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
      const form = screen.getByRole('form', { name: 'Settings of Awin UK' });
      const secret = within(form).getByLabelText('Parameter value');
      expect(secret).toHaveValue('');
      expect(secret).toHaveAccessibleDescription('Stored, encrypted — leave empty to keep.');
      expect(within(form).getByLabelText('Feed URL')).toHaveValue(awin.url);

      fireEvent.change(within(form).getByLabelText('Sync every (hours)'), { target: { value: '12' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save feed' }));
      expect(await screen.findByText('Feed saved.')).toBeVisible();
      expect(JSON.parse(String(sent('PATCH', '/api/admin/feeds/7')[0]))).toEqual({ every_hours: 12 });

      // Typing only the value of a name + value pair: both are asked for (they are replaced together).
      const again = screen.getByRole('form', { name: 'Settings of Awin UK' });
      fireEvent.change(within(again).getByLabelText('Parameter value'), { target: { value: 'new-token' } });
      fireEvent.click(within(again).getByRole('button', { name: 'Save feed' }));
      expect(within(again).getByLabelText('Parameter name')).toHaveAccessibleDescription(
        /Give the parameter's name \(the stored credentials are replaced together\)/,
      );
      fireEvent.change(within(again).getByLabelText('Parameter name'), { target: { value: 'token' } });
      fireEvent.click(within(again).getByRole('button', { name: 'Save feed' }));
      await vi.waitFor(() => expect(sent('PATCH', '/api/admin/feeds/7')).toHaveLength(2));
      expect(JSON.parse(String(sent('PATCH', '/api/admin/feeds/7')[1]))).toEqual({
        credentials: { auth: 'query', name: 'token', secret: 'new-token' },
      });
    });
  });

  describe('the advertisers', () => {
    const ads = [
      advertiser({
        advertiser_id: '10481',
        name: 'Northwind Outfitters',
        store_id: 's-north',
        store_name: 'Northwind',
      }),
      advertiser({
        advertiser_id: '10502',
        name: 'Orbit Electronics',
        site: 'https://orbit-electronics.example',
        offers: 3,
        suggestion: { store_id: 's-orbit', store_name: 'Orbit Electronics', score: 1, by: 'site' },
      }),
      advertiser({ advertiser_id: '10777', name: 'Harbor Lights Candles' }),
      advertiser({
        advertiser_id: '10615',
        name: 'Cedar Hollow',
        suggestion: { store_id: 's-cedar', store_name: 'Cedar Hollow Home', score: 0.86, by: 'name' },
      }),
    ];

    it('lists unmapped advertisers first, flagged, and saves the suggestions "Accept all" took', async () => {
      serve({
        'GET /api/admin/feeds': () => ok([awin]),
        'GET /api/admin/feeds/7/runs': () => ok([]),
        'GET /api/admin/feeds/7/advertisers': () => ok(ads),
        'POST /api/admin/feeds/7/advertisers': () =>
          ok(
            ads.map((a) => (a.suggestion ? { ...a, store_id: a.suggestion.store_id, suggestion: null } : a)),
            'Advertisers mapped; the next sync brings their offers.',
          ),
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: '3 unmapped advertisers of Awin UK: map them' }));
      const table = await screen.findByRole('table', { name: 'Advertisers of Awin UK, unmapped first' });
      const names = within(table)
        .getAllByRole('rowheader')
        .map((h) => h.querySelector('span')!.textContent);
      expect(names).toEqual(['Orbit Electronics', 'Harbor Lights Candles', 'Cedar Hollow', 'Northwind Outfitters']);
      const row = (name: string) =>
        within(table)
          .getByRole('rowheader', { name: new RegExp(name) })
          .closest('tr')!;
      expect(row('Harbor Lights')).toHaveTextContent('Unmapped · offers held back until mapped');
      expect(row('Northwind')).not.toHaveTextContent('Unmapped');
      expect(row('Orbit')).toHaveTextContent('Orbit Electronics 100% · by site');
      expect(row('Cedar')).toHaveTextContent('Cedar Hollow Home 86% · by name');
      expect(row('Harbor Lights')).toHaveTextContent('No clear match');
      expect(screen.getByText(/4 advertisers · 3 unmapped: their offers are held back until mapped\./)).toBeVisible();

      fireEvent.click(screen.getByRole('button', { name: 'Accept all suggestions (2)' }));
      expect(within(row('Orbit')).getByRole('combobox', { name: 'Store for Orbit Electronics' })).toHaveValue(
        'Orbit Electronics',
      );
      expect(screen.getByRole('button', { name: 'Accept all suggestions' })).toBeDisabled();
      expect(screen.getByText('2 unsaved changes')).toBeVisible();
      fireEvent.click(screen.getByRole('button', { name: 'Save mappings' }));

      expect(await screen.findByText('Advertisers mapped; the next sync brings their offers.')).toBeVisible();
      expect(JSON.parse(String(sent('POST', '/api/admin/feeds/7/advertisers')[0]))).toEqual({
        mappings: [
          { advertiser_id: '10502', store_id: 's-orbit' },
          { advertiser_id: '10615', store_id: 's-cedar' },
        ],
      });
      // Saved: the feeds are read again (the unmapped count changed).
      expect(sent('GET', '/api/admin/feeds').length).toBeGreaterThanOrEqual(2);
    });

    it('picks a store by searching, and accepts one suggestion alone', async () => {
      serve({
        'GET /api/admin/feeds': () => ok([awin]),
        'GET /api/admin/feeds/7/runs': () => ok([]),
        'GET /api/admin/feeds/7/advertisers': () => ok(ads),
        'GET /api/admin/stores': () =>
          json(200, {
            success: true,
            data: [{ _id: 's-harbor', name: 'Harbor & Pine', website_url: 'https://harbor.example' }],
            total: 1,
            page: 1,
            per_page: 8,
          }),
        'POST /api/admin/feeds/7/advertisers': () => ok(ads),
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: '3 unmapped advertisers of Awin UK: map them' }));
      const picker = await screen.findByRole('combobox', { name: 'Store for Harbor Lights Candles' });
      fireEvent.change(picker, { target: { value: 'harbor' } });
      const option = await screen.findByRole('option', { name: /Harbor & Pine/ });
      expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/admin/stores'))![0])).toBe(
        '/api/admin/stores?q=harbor&per_page=8',
      );
      fireEvent.keyDown(picker, { key: 'ArrowDown' });
      expect(option).toHaveAttribute('aria-selected', 'true');
      expect(picker).toHaveAttribute('aria-activedescendant', option.id);
      fireEvent.keyDown(picker, { key: 'Enter' });
      expect(picker).toHaveValue('Harbor & Pine');
      expect(picker).toHaveAttribute('aria-expanded', 'false');
      fireEvent.click(screen.getByRole('button', { name: 'Accept suggestion Cedar Hollow Home for Cedar Hollow' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save mappings' }));
      await vi.waitFor(() => expect(sent('POST', '/api/admin/feeds/7/advertisers')).toHaveLength(1));
      expect(JSON.parse(String(sent('POST', '/api/admin/feeds/7/advertisers')[0]))).toEqual({
        mappings: [
          { advertiser_id: '10777', store_id: 's-harbor' },
          { advertiser_id: '10615', store_id: 's-cedar' },
        ],
      });
    });
  });

  describe('runs', () => {
    const fresh = { ...awin, last_run: null, unmapped_advertisers: 0 };
    const finished = run({
      id: 12,
      dry_run: true,
      records: 16,
      added: 12,
      changed: 0,
      expired: 0,
      refused: 2,
      unmapped: 2,
      unchanged: 0,
      samples: {
        added: [{ offer_id: '1843210', advertiser: 'Orbit Electronics', title: '20% off headphones', note: '' }],
        changed: [],
        expired: [],
        refused: [
          {
            offer_id: '1843290',
            advertiser: 'Velvet Fern',
            title: '',
            note: 'line 16: Ends: "31/02/2031 23:59:59" is not a calendar date',
          },
          { offer_id: '1843291', advertiser: 'Kindred Kids', title: '', note: 'line 17: no Deeplink Tracking' },
        ],
      },
    });

    it('queues a dry run, shows it running, then its diff with the counts and why records were refused', async () => {
      let polls = 0;
      serve({
        'GET /api/admin/feeds': () => ok([fresh]),
        'GET /api/admin/feeds/7/runs': () => ok(polls > 1 ? [finished] : []),
        'POST /api/admin/feeds/7/runs': () =>
          json(202, {
            success: true,
            message: 'Dry run queued.',
            data: run({ ...finished, status: 'queued', started_at: null, finished_at: null, records: 0 }),
          }),
        'GET /api/admin/feeds/7/runs/12': () =>
          ok(++polls === 1 ? { ...finished, status: 'running', finished_at: null, records: 9 } : finished),
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Awin UK' }));
      expect(await screen.findByText(/No run yet\. Start with a/)).toBeVisible();
      fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));

      expect(await screen.findByText('Dry run queued: waiting for a worker…')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
      expect(screen.getByRole('progressbar', { name: 'Dry run in progress' })).toBeVisible();
      expect(JSON.parse(String(sent('POST', '/api/admin/feeds/7/runs')[0]))).toEqual({ dry_run: true });
      expect(await screen.findByText('Dry run running: 9 records read so far…')).toBeVisible();

      const report = await screen.findByRole('article', { name: /^Dry run #12 · done/ });
      expect(within(report).getByText(/Dry run: nothing was written\./)).toBeVisible();
      const count = (label: string) => within(report).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(count('Added')).toHaveTextContent('+12');
      expect(count('Refused')).toHaveTextContent('⚠2');
      expect(count('Unmapped (held back)')).toHaveTextContent('2');
      expect(count('Unchanged')).toHaveTextContent('0');
      expect(within(report).getByText('16 records read in 3 s.')).toBeVisible();
      const refused = within(report).getByRole('table', { name: 'Refused offers' });
      expect(refused).toBeVisible();
      expect(within(refused).getByRole('columnheader', { name: 'Where and why' })).toBeVisible();
      expect(within(refused).getAllByRole('row')[1]).toHaveTextContent(
        '1843290Velvet Fernline 16: Ends: "31/02/2031 23:59:59" is not a calendar date',
      );
      // The added ones are behind their summary; the run stops being asked for once done.
      expect(within(report).getByText('Added: 1 of 12 shown')).toBeVisible();
      expect(within(report).getByRole('table', { name: 'Added offers' })).not.toBeVisible();
      // The last runs are read again: the one shown is marked.
      expect(await screen.findByRole('button', { name: 'Shown above' })).toBeDisabled();
      expect(polls).toBe(2);
      fireEvent.click(within(report).getByRole('button', { name: 'Map the advertisers' }));
      expect(screen.getByRole('tab', { name: 'Advertisers' })).toHaveAttribute('aria-selected', 'true');
      // Two polls a second apart: more than the default 5 s on a loaded machine is no failure.
    }, 15_000);

    it("says why a run could not start, in the server's words", async () => {
      serve({
        'GET /api/admin/feeds': () => ok([fresh]),
        'GET /api/admin/feeds/7/runs': () => ok([]),
        'POST /api/admin/feeds/7/runs': () =>
          json(409, { success: false, message: 'A run of this feed is already queued or running.' }),
      });
      render(<FeedsPanel tenants={TENANTS} tenantId="t1" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Awin UK' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The sync could not start: A run of this feed is already queued or running.',
      );
    });
  });
});
