import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TenantCurrencies } from '../../../src/client/console/revenue/tenant-currencies';
import type { TenantCurrency } from '../../../src/shared/contract/revenue';

// Issue 31: an admin sets what each tenant's revenue is summed in. Mocked at fetch, as the console's other panels are.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const T1 = 'a'.repeat(24);
const ROWS: TenantCurrency[] = [
  { tenant: T1, name: 'Coupon Harbor', reporting_currency: 'USD' },
  { tenant: 'b'.repeat(24), name: 'Saverly', reporting_currency: 'USD' },
];

describe('TenantCurrencies', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { reporting_currency: string };
        return json(200, {
          success: true,
          data: ROWS.map((r) => (url.endsWith(r.tenant) ? { ...r, reporting_currency: body.reporting_currency } : r)),
        });
      }
      return json(200, { success: true, data: ROWS });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every tenant and saves one tenant’s new currency', async () => {
    const saved = vi.fn();
    render(<TenantCurrencies onSaved={saved} />);
    const input = await screen.findByLabelText('Reporting currency of Coupon Harbor');
    const save = screen.getAllByRole('button', { name: 'Save' })[0]!;
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: 'eur' } });
    expect(input).toHaveValue('EUR');
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Coupon Harbor now reports in EUR.'));
    const patch = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')!;
    expect(String(patch[0])).toBe(`/api/admin/revenue/currencies/${T1}`);
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ reporting_currency: 'EUR' });
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('refuses a code that is not three letters, and says so', async () => {
    render(<TenantCurrencies onSaved={() => undefined} />);
    const input = await screen.findByLabelText('Reporting currency of Saverly');
    fireEvent.change(input, { target: { value: 'E1' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[1]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('three-letter ISO 4217 code');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(false);
  });
});
