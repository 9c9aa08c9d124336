import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import RevenuePanel from '../../../src/client/console/revenue/revenue-panel';
import type { AdminTenant } from '../../../src/shared/contract/admin';
import type {
  CommissionImportSummary,
  CurrencyRate,
  RevenueDay,
  RevenueFigures,
  RevenueView,
} from '../../../src/shared/contract/revenue';

// Issue 31, the console's Revenue tab: the figures by group with their totals, the days drawn by uPlot (and told in
// words), the CSV download, nothing in the range, a failed read and its retry, the controls making the query, and
// (admins) a report's import and the rates editor. Mocked at fetch, as the console's other panels are.
//
// jsdom draws nothing: its canvas has no 2D context (getContext answers null) and it has no Path2D and no
// ResizeObserver; uPlot needs the first two to draw and the tab the third to follow its box. Those three are stubbed
// here, and nothing else (matchMedia is stubbed for every component test in tests/component/setup.ts).

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message?: string) => json(200, { success: true, ...(message ? { message } : {}), data });

const tenant = (id: string, host: string, name: string) =>
  ({ _id: id, key: host, hosts: [host], data: { name } }) as unknown as AdminTenant;
const T1 = 'a'.repeat(24);
const T2 = 'b'.repeat(24);
const TENANTS = [tenant(T1, 'one.localhost', 'Coupon Harbor'), tenant(T2, 'two.localhost', 'Saverly')];

const figures = (over: Partial<RevenueFigures> = {}): RevenueFigures => ({
  clicks: 0,
  transactions: 0,
  conversion: 0,
  pending_minor: 0,
  approved_minor: 0,
  paid_minor: 0,
  declined_minor: 0,
  epc_minor: 0,
  ...over,
});
const days = (from: string, n: number): RevenueDay[] =>
  Array.from({ length: n }, (_, i) => ({
    day: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    clicks: i === 3 ? 90 : 10,
    commission_minor: i === 5 ? 5_000 : 100,
  }));

const VIEW: RevenueView = {
  from: '2026-11-08',
  to: '2026-12-07',
  by: 'tenant',
  currency: 'EUR',
  totals: figures({
    clicks: 380,
    transactions: 12,
    conversion: 0.0289,
    pending_minor: 7_900,
    approved_minor: 2_000,
    paid_minor: 100_000,
    declined_minor: 500,
    epc_minor: 28_921.05,
  }),
  rows: [
    {
      key: T1,
      label: 'Coupon Harbor',
      ...figures({ clicks: 300, transactions: 10, conversion: 0.03, pending_minor: 7_900, paid_minor: 100_000 }),
      epc_minor: 35_966.67,
    },
    {
      key: T2,
      label: '=Saverly',
      ...figures({ clicks: 80, transactions: 2, conversion: 0.0125, approved_minor: 2_000, declined_minor: 500 }),
      epc_minor: 2_500,
    },
  ],
  days: days('2026-11-08', 30),
  unconverted: [{ currency: 'GBP', commission_minor: 1_234 }],
  unmatched: 3,
};
const EMPTY: RevenueView = {
  ...VIEW,
  totals: figures(),
  rows: [],
  days: VIEW.days.map((d) => ({ ...d, clicks: 0, commission_minor: 0 })),
  unconverted: [],
  unmatched: 0,
};

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A canvas 2D context that takes every call and every property uPlot sets, and draws nothing. */
function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas };
  return new Proxy(state, {
    get: (t, k) => (k in t ? t[k] : k === 'measureText' ? () => ({ width: 8 }) : () => undefined),
    set: (t, k, v) => {
      t[k] = v;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** ResizeObserver as far as the tab uses it: the test says when a box changed. */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  targets: Element[] = [];
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve() {}
  disconnect() {
    this.targets = [];
  }
  fire() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

/** A path that takes every segment and keeps none. */
class FakePath2D {
  addPath() {}
  arc() {}
  bezierCurveTo() {}
  closePath() {}
  ellipse() {}
  lineTo() {}
  moveTo() {}
  quadraticCurveTo() {}
  rect() {}
  roundRect() {}
}

const NOW = new Date('2026-12-07T15:00:00Z');

describe('console Revenue tab', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const serve = (routes: Record<string, Route>) =>
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://console.test');
      const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
      return route ? route(url, init) : json(404, { success: false, message: `not served: ${url.pathname}` });
    });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => (init?.method ?? 'GET') === method && String(u).split('?')[0] === path)
      .map(([u, init]) => ({ url: new URL(String(u), 'http://console.test'), init }));
  const revenueQueries = () => calls('GET', '/api/admin/revenue').map((c) => Object.fromEntries(c.url.searchParams));

  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return fakeContext(this);
    } as unknown as HTMLCanvasElement['getContext']);
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    fetchMock.mockReset();
    FakeResizeObserver.all = [];
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('Path2D', FakePath2D);
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(async () => {
    cleanup();
    // A plot drawn last queues its drawing in a microtask: it runs while Path2D and the context are still stubbed.
    await act(async () => {});
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the last 30 days by tenant, holds a skeleton, then shows each group and the totals', async () => {
    serve({ 'GET /api/admin/revenue': () => ok(VIEW) });
    render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading the figures…');
    expect(screen.getByRole('table', { name: 'Revenue' })).toHaveAttribute('aria-busy', 'true');
    const table = await screen.findByRole('table', { name: 'Revenue by tenant, 8 Nov 2026 – 7 Dec 2026, in EUR' });
    expect(revenueQueries()).toEqual([{ from: '2026-11-08', to: '2026-12-07', by: 'tenant' }]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-08');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12-07');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    const cells = (name: string) =>
      [...within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td')].map((td) => [
        td.dataset.label,
        td.textContent,
      ]);
    expect(cells('Coupon Harbor')).toEqual([
      ['Clicks', '300'],
      ['Transactions', '10'],
      ['Conversion', '3.0%'],
      ['Pending', '€79.00'],
      ['Approved', '€0.00'],
      ['Paid', '€1,000.00'],
      ['Declined', '€0.00'],
      ['EPC (per 100 clicks)', '€359.67'],
    ]);
    // A label is text, never markup or a formula.
    expect(within(table).getByRole('rowheader', { name: '=Saverly' })).toBeVisible();
    const total = within(table).getByRole('rowheader', { name: 'Total' });
    expect(total.closest('tfoot')).not.toBeNull();
    expect(cells('Total').map(([, text]) => text)).toEqual([
      '380',
      '12',
      '2.89%',
      '€79.00',
      '€20.00',
      '€1,000.00',
      '€5.00',
      '€289.21',
    ]);
    for (const th of within(table).getAllByRole('columnheader')) expect(th).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 groups by tenant, 8 Nov 2026 – 7 Dec 2026.');
    // What the figures leave out; an editor is pointed to an admin for the rates.
    expect(screen.getByText(/Left out of the amounts, for want of a rate into EUR: £12.34 \(GBP\)/)).toHaveTextContent(
      'An admin can add the rates.',
    );
    expect(screen.getByText(/3 imported transactions name no click of ours/)).toBeVisible();
    // An editor imports nothing and keeps no rates.
    expect(screen.queryByRole('heading', { name: 'Import a transaction report' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Currency rates' })).toBeNull();
    expect(calls('GET', '/api/admin/revenue/rates')).toEqual([]);
  });

  it('sorts by a column from its heading, and back', async () => {
    serve({ 'GET /api/admin/revenue': () => ok(VIEW) });
    render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    const table = await screen.findByRole('table', { name: /Revenue by tenant/ });
    const order = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent);
    expect(order()).toEqual(['Coupon Harbor', '=Saverly', 'Total']);
    const tenantHeading = within(table).getByRole('columnheader', { name: /Tenant/ });
    fireEvent.click(within(tenantHeading).getByRole('button'));
    expect(tenantHeading).toHaveAttribute('aria-sort', 'ascending');
    expect(order()).toEqual(['=Saverly', 'Coupon Harbor', 'Total']);
    const clicks = within(table).getByRole('columnheader', { name: /Clicks/ });
    fireEvent.click(within(clicks).getByRole('button'));
    expect(clicks).toHaveAttribute('aria-sort', 'descending');
    expect(tenantHeading).not.toHaveAttribute('aria-sort');
    expect(order()).toEqual(['Coupon Harbor', '=Saverly', 'Total']);
    fireEvent.click(within(clicks).getByRole('button'));
    expect(clicks).toHaveAttribute('aria-sort', 'ascending');
    expect(order()).toEqual(['=Saverly', 'Coupon Harbor', 'Total']);
  });

  it('draws the days with uPlot in a box of fixed height that follows its width, named and described in words', async () => {
    serve({ 'GET /api/admin/revenue': () => ok(VIEW) });
    const { container } = render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    const plot = await screen.findByRole('img', { name: 'Clicks and commission per day (UTC)' });
    expect(plot).toHaveAccessibleDescription(
      '8 Nov 2026 – 7 Dec 2026: 380 clicks and €79.00 commission in all. Most clicks on Wed 11 Nov (90). ' +
        'Most commission on Fri 13 Nov (€50.00).',
    );
    const root = plot.querySelector<HTMLElement>('.uplot');
    expect(root).not.toBeNull();
    expect(root!.querySelector('canvas')).not.toBeNull();
    // jsdom lays nothing out: the box is 0 wide, so the plot starts at its fallback width, then follows the box.
    const wrap = root!.querySelector<HTMLElement>('.u-wrap')!;
    expect(wrap.style.height).toBe('220px');
    expect(wrap.style.width).toBe('640px');
    const observer = FakeResizeObserver.all.find((o) => o.targets.includes(plot))!;
    expect(observer).toBeDefined();
    Object.defineProperty(plot, 'clientWidth', { configurable: true, value: 480 });
    act(() => observer.fire());
    // uPlot redraws in a microtask after setSize.
    await waitFor(() => expect(wrap.style.width).toBe('480px'));
    expect(wrap.style.height).toBe('220px');
    expect(root!.querySelector('canvas')!.width).toBe(480);
    // The days as a table too.
    const dayTable = within(container.querySelector('details')!).getByRole('table', {
      name: 'Clicks and commission per day (UTC)',
    });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(31);
    expect(within(dayTable).getByRole('rowheader', { name: 'Fri 13 Nov' }).closest('tr')).toHaveTextContent('€50.00');
    // Gone with the tab.
    cleanup();
    expect(observer.targets).toEqual([]);
  });

  /** The bytes of a Blob (jsdom's Blob has no arrayBuffer() or text()). */
  const bytesOf = (blob: Blob) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(blob);
    });

  it('downloads the table as a CSV file named by its range, grouping and tenant', async () => {
    serve({ 'GET /api/admin/revenue': () => ok(VIEW) });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:revenue-${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const saved: { name: string; href: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href, inPage: document.body.contains(this) });
    });
    render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    await screen.findByRole('table', { name: /Revenue by tenant/ });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toEqual([
      { name: 'revenue-2026-11-08-to-2026-12-07-by-tenant.csv', href: 'blob:revenue-1', inPage: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blobs[0]!);
    // A byte-order mark first, so that Excel reads UTF-8 ("€", "ü" in labels).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const records = parse(text, { bom: true }) as string[][];
    expect(records.map((r) => r.slice(0, 3))).toEqual([
      ['Tenant', 'Key', 'Clicks'],
      ['Coupon Harbor', T1, '300'],
      ["'=Saverly", T2, '80'],
      ['Total', '', '380'],
    ]);
    expect(records[1]!.slice(5, 8)).toEqual(['79.00', '0.00', '1000.00']);

    // One tenant: its key names the file too.
    fireEvent.change(screen.getByLabelText('Tenant'), { target: { value: T2 } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled());
    await waitFor(() => expect(revenueQueries()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved[1]!.name).toBe('revenue-2026-11-08-to-2026-12-07-by-tenant-two.localhost.csv');
  });

  it('makes the query from the controls, and asks nothing for a range it cannot have', async () => {
    serve({ 'GET /api/admin/revenue': (url) => ok({ ...VIEW, by: url.searchParams.get('by') ?? 'tenant' }) });
    render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    await screen.findByRole('table', { name: /Revenue by tenant/ });
    const last = () => revenueQueries().at(-1);

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(last()).toEqual({ from: '2026-12-01', to: '2026-12-07', by: 'tenant' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'layout' } });
    await waitFor(() => expect(last()).toMatchObject({ by: 'layout' }));
    expect(await screen.findByRole('columnheader', { name: /Layout variant/ })).toBeVisible();

    fireEvent.change(screen.getByLabelText('Tenant'), { target: { value: T1 } });
    await waitFor(() => expect(last()).toEqual({ from: '2026-12-01', to: '2026-12-07', by: 'layout', tenant: T1 }));

    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(last()).toMatchObject({ from: '2026-09-09', to: '2026-12-07' }));
    const asked = revenueQueries().length;

    // The first day after the last one: said beside the dates, which it describes; nothing is asked.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-10' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The first day comes after the last one.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('The first day comes after the last one.');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent('A range holds at most 366 days (this one 706).');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the first day of the range.');
    expect(revenueQueries()).toHaveLength(asked);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-06' } });
    await waitFor(() => expect(last()).toMatchObject({ from: '2026-12-06', to: '2026-12-07' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the range has no click-out, and offers no download', async () => {
    serve({ 'GET /api/admin/revenue': () => ok(EMPTY) });
    render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    expect(await screen.findByText('No click-outs in this range.')).toBeVisible();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('No click-outs from 8 Nov 2026 – 7 Dec 2026.');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failure with the server message, and loads again on Try again', async () => {
    let answers = 0;
    serve({
      'GET /api/admin/revenue': () =>
        ++answers === 1 ? json(500, { success: false, message: 'The database is away.' }) : ok(VIEW),
    });
    render(<RevenuePanel tenants={TENANTS} isAdmin={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The revenue could not be loaded: The database is away.');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Revenue by tenant/ })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('for admins', () => {
    const RATES: CurrencyRate[] = [{ currency: 'USD', to_currency: 'EUR', rate: 0.92 }];
    const SUMMARY: CommissionImportSummary = {
      id: 4,
      format: 'impact-csv',
      file_name: 'actions.csv',
      imported_at: '2026-12-07T15:00:00.000Z',
      records: 12,
      added: 7,
      changed: 2,
      unchanged: 1,
      refused: 2,
      unmatched: 3,
      problems: [
        { where: 'line 4', reason: 'No Action Id' },
        { where: 'line 9', reason: 'Payout is not a number' },
      ],
    };

    it('imports a report as the raw body with its format and file name, and shows what it did', async () => {
      serve({
        'GET /api/admin/revenue': () => ok(VIEW),
        'GET /api/admin/revenue/rates': () => ok(RATES),
        'POST /api/admin/revenue/imports': () => ok(SUMMARY, 'Imported 7 new and 2 changed transactions.'),
      });
      render(<RevenuePanel tenants={TENANTS} isAdmin />);
      await screen.findByRole('table', { name: /Revenue by tenant/ });
      const section = screen.getByRole('region', { name: 'Import a transaction report' });
      const importButton = within(section).getByRole('button', { name: 'Import report' });
      expect(importButton).toBeDisabled();
      fireEvent.change(within(section).getByLabelText('Report format'), { target: { value: 'impact-csv' } });
      expect(within(section).getByRole('option', { name: 'Impact Actions CSV' })).toHaveProperty('selected', true);
      const file = new File(['Action Id,SubId1\n1,abc\n'], 'actions.csv', { type: 'text/csv' });
      const input = within(section).getByLabelText('Report file');
      expect(input).toHaveAttribute('accept', '.csv,text/csv');
      fireEvent.change(input, { target: { files: [file] } });
      fireEvent.click(importButton);

      expect(
        await within(section).findByText(
          'actions.csv (Impact Actions CSV): Imported 7 new and 2 changed transactions.',
        ),
      ).toBeVisible();
      const [sent] = calls('POST', '/api/admin/revenue/imports');
      expect(Object.fromEntries(sent!.url.searchParams)).toEqual({ format: 'impact-csv', file_name: 'actions.csv' });
      expect(sent!.init?.body).toBe(file);
      expect(sent!.init?.headers).toMatchObject({ 'content-type': 'application/octet-stream' });
      const count = (label: string) => within(section).getByText(label).nextElementSibling?.textContent;
      expect(['Rows read', 'Added', 'Changed', 'Unchanged', 'Refused', 'Unmatched (no click)'].map(count)).toEqual([
        '12',
        '7',
        '2',
        '1',
        '2',
        '3',
      ]);
      const problems = within(section).getByRole('table', { name: 'Rows not taken' });
      expect(
        within(problems)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual(['WhereProblem', 'line 4No Action Id', 'line 9Payout is not a number']);
      // The figures changed: the view is read again.
      await waitFor(() => expect(revenueQueries()).toHaveLength(2));
    });

    it("shows the server's reason when a report is refused", async () => {
      serve({
        'GET /api/admin/revenue': () => ok(VIEW),
        'GET /api/admin/revenue/rates': () => ok(RATES),
        'POST /api/admin/revenue/imports': () => json(400, { success: false, message: 'Not an Awin CSV.' }),
      });
      render(<RevenuePanel tenants={TENANTS} isAdmin />);
      const section = await screen.findByRole('region', { name: 'Import a transaction report' });
      fireEvent.change(within(section).getByLabelText('Report file'), {
        target: { files: [new File(['{}'], 'x.csv')] },
      });
      fireEvent.click(within(section).getByRole('button', { name: 'Import report' }));
      expect(await within(section).findByRole('alert')).toHaveTextContent(
        'The report could not be imported: Not an Awin CSV.',
      );
    });

    it('edits the currency rates: add, check, remove, save the whole table', async () => {
      serve({
        'GET /api/admin/revenue': () => ok(VIEW),
        'GET /api/admin/revenue/rates': () => ok(RATES),
        'PUT /api/admin/revenue/rates': (_url, init) =>
          ok((JSON.parse(String(init?.body)) as { rates: unknown }).rates),
      });
      render(<RevenuePanel tenants={TENANTS} isAdmin />);
      const section = await screen.findByRole('region', { name: 'Currency rates' });
      expect(await within(section).findByLabelText('From, rate 1')).toHaveValue('USD');
      expect(within(section).getByLabelText('Into, rate 1')).toHaveValue('EUR');
      expect(within(section).getByLabelText('Rate, rate 1')).toHaveValue('0.92');
      // The note above the figures sends an admin here.
      expect(screen.getByText(/for want of a rate into EUR/)).toHaveTextContent(
        'Add the rates under Currency rates below.',
      );

      fireEvent.click(within(section).getByRole('button', { name: 'Add a rate' }));
      const from2 = within(section).getByLabelText('From, rate 2');
      await waitFor(() => expect(from2).toHaveFocus());
      fireEvent.click(within(section).getByRole('button', { name: 'Save rates' }));
      expect(within(section).getByRole('alert')).toHaveTextContent('One rate needs a correction before saving.');
      expect(from2).toHaveAttribute('aria-invalid', 'true');
      expect(from2).toHaveAccessibleDescription('A three-letter code (EUR).');
      expect(calls('PUT', '/api/admin/revenue/rates')).toEqual([]);

      fireEvent.change(from2, { target: { value: 'gbp' } });
      expect(from2).toHaveValue('GBP');
      fireEvent.change(within(section).getByLabelText('Into, rate 2'), { target: { value: 'EUR' } });
      fireEvent.change(within(section).getByLabelText('Rate, rate 2'), { target: { value: '1.17' } });
      // A third row, removed again: the focus goes back to Add a rate.
      fireEvent.click(within(section).getByRole('button', { name: 'Add a rate' }));
      fireEvent.click(within(section).getByRole('button', { name: 'Remove rate 3' }));
      expect(within(section).getByRole('button', { name: 'Add a rate' })).toHaveFocus();
      expect(within(section).queryByLabelText('From, rate 3')).toBeNull();

      fireEvent.click(within(section).getByRole('button', { name: 'Save rates' }));
      expect(await within(section).findByText('Rates saved.')).toBeVisible();
      const [put] = calls('PUT', '/api/admin/revenue/rates');
      expect(JSON.parse(String(put!.init?.body))).toEqual({
        rates: [
          { currency: 'USD', to_currency: 'EUR', rate: 0.92 },
          { currency: 'GBP', to_currency: 'EUR', rate: 1.17 },
        ],
      });
      expect(within(section).getByLabelText('From, rate 2')).toHaveValue('GBP');
      // Amounts convert anew: the view is read again.
      await waitFor(() => expect(revenueQueries()).toHaveLength(2));
    });
  });
});
