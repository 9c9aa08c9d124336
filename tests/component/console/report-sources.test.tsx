import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ReportSources } from '../../../src/client/console/revenue/report-sources';
import type { CommissionSource } from '../../../src/shared/contract/commission-sources';
import type { CommissionImportSummary } from '../../../src/shared/contract/revenue';

// Issue 31, item 2, the Revenue tab's scheduled report sources (admins): the list with each source's host, schedule
// and last result or error; the empty state; the add form (credentials write-only, the feeds' fields and rules);
// editing without retyping a stored token; "Import now" and its summary or its error; removing after a confirm.
// Mocked at fetch, as the console's other panels are.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, message?: string) => json(200, { success: true, ...(message ? { message } : {}), data });

const summary = (over: Partial<CommissionImportSummary> = {}): CommissionImportSummary => ({
  id: 41,
  format: 'awin-json',
  file_name: 'Awin UK (api.awin.com)',
  imported_at: '2026-12-01T10:00:00.000Z',
  records: 9,
  added: 7,
  changed: 1,
  unchanged: 1,
  refused: 0,
  unmatched: 2,
  problems: [],
  ...over,
});

const awin: CommissionSource = {
  id: 3,
  name: 'Awin UK',
  format: 'awin-json',
  url: 'https://api.awin.com/publishers/812345/transactions/',
  auth: 'bearer',
  has_credentials: true,
  every_hours: 24,
  enabled: true,
  next_run_at: null,
  last_run_at: '2026-12-01T10:00:00.000Z',
  last_import: summary(),
  last_error: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const broken: CommissionSource = {
  ...awin,
  id: 4,
  name: 'CJ US',
  format: 'cj-json',
  url: 'https://commissions.api.cj.com/query',
  every_hours: 0,
  last_error: 'The network refused the credentials (HTTP 401): https://commissions.api.cj.com/query',
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answer: (c: Call) => Response;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const c = {
    url: String(input),
    method: init?.method ?? 'GET',
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
  calls.push(c);
  return answer(c);
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const region = () => screen.getByRole('region', { name: 'Scheduled report sources' });

describe('ReportSources', () => {
  it('says so when there is no source, and adds one with its token', async () => {
    let list: CommissionSource[] = [];
    answer = (c) => {
      if (c.method === 'POST') {
        list = [{ ...awin, id: 9, name: 'Awin UK' }];
        return json(201, { success: true, message: 'Report source added.', data: list[0] });
      }
      return ok(list);
    };
    render(<ReportSources onImported={() => undefined} />);
    expect(await within(region()).findByText(/No report source yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a source' }));
    const form = screen.getByRole('form', { name: 'Add a report source' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add source' }));
    // Nothing is sent while a field is wrong; each says what it needs.
    expect(within(form).getByRole('alert').textContent).toMatch(/Check the fields/);
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Awin UK' } });
    fireEvent.change(within(form).getByLabelText('Report URL'), { target: { value: awin.url } });
    fireEvent.click(within(form).getByLabelText('Bearer token'));
    fireEvent.change(within(form).getByLabelText('Token'), { target: { value: 's3cret-token' } });
    fireEvent.change(within(form).getByLabelText('Every (hours)'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add source' }));
    expect(await within(region()).findByRole('cell', { name: 'api.awin.com' })).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/revenue/sources');
    expect(post.body).toEqual({
      name: 'Awin UK',
      format: 'awin-json',
      url: awin.url,
      every_hours: 12,
      enabled: true,
      credentials: { auth: 'bearer', secret: 's3cret-token' },
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('lists each source with its schedule and last result or error', async () => {
    answer = () => ok([awin, broken]);
    render(<ReportSources onImported={() => undefined} />);
    const row = (await screen.findByRole('rowheader', { name: 'Awin UK' })).closest('tr')!;
    expect(within(row).getByText('Every 24 h')).toBeTruthy();
    expect(within(row).getByText('7 new, 1 changed of 9 rows')).toBeTruthy();
    const failed = screen.getByRole('rowheader', { name: 'CJ US' }).closest('tr')!;
    expect(within(failed).getByText('Only from here')).toBeTruthy();
    expect(within(failed).getByText(/refused the credentials/)).toBeTruthy();
  });

  it('edits a source without sending the stored token again', async () => {
    answer = (c) => (c.method === 'PATCH' ? ok({ ...awin, every_hours: 6 }, 'Report source saved.') : ok([awin]));
    render(<ReportSources onImported={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Awin UK' }));
    const form = screen.getByRole('form', { name: 'Edit “Awin UK”' });
    expect((within(form).getByLabelText('Token') as HTMLInputElement).value).toBe('');
    fireEvent.change(within(form).getByLabelText('Every (hours)'), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save source' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe('/api/admin/revenue/sources/3');
    expect(patch.body).not.toHaveProperty('credentials');
    expect(patch.body).toMatchObject({ every_hours: 6 });
  });

  it('imports now and shows the summary, or the error', async () => {
    const onImported = vi.fn();
    answer = (c) => {
      if (c.url.endsWith('/3/import')) return ok(summary({ added: 0, changed: 2 }), 'Imported 0 new and 2 changed.');
      if (c.url.endsWith('/4/import')) return json(502, { success: false, message: broken.last_error });
      return ok([awin, broken]);
    };
    render(<ReportSources onImported={onImported} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Import now: Awin UK' }));
    const done = await screen.findByText('Awin UK: Imported 0 new and 2 changed.');
    const counts = done.closest('[role="status"]')!;
    expect(within(counts as HTMLElement).getByText('Changed').nextElementSibling?.textContent).toBe('2');
    expect(onImported).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Import now: CJ US' }));
    const alert = await within(region()).findByRole('alert');
    expect(alert.textContent).toMatch(/CJ US could not be imported: The network refused the credentials/);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('removes a source only once confirmed', async () => {
    let list = [awin];
    answer = (c) => {
      if (c.method === 'DELETE') {
        list = [];
        return ok(undefined, 'Report source removed.');
      }
      return ok(list);
    };
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<ReportSources onImported={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Awin UK' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Awin UK' }));
    expect(await screen.findByText(/No report source yet/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/admin/revenue/sources/3');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    answer = () => (fail ? json(500, { success: false, message: 'Database down.' }) : ok([awin]));
    render(<ReportSources onImported={() => undefined} />);
    expect((await within(region()).findByRole('alert')).textContent).toMatch(/could not be loaded: Database down/);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Awin UK' })).toBeTruthy();
  });
});
