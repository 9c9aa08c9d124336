import { adminQuery } from '../../../shared/contract/admin-endpoints';
import {
  commissionImportsPath,
  currencyRatesPath,
  revenuePath,
  type CommissionImportAnswer,
  type CommissionImportSummary,
  type CurrencyRate,
  type ReportFormat,
  type RevenueAnswer,
  type RevenueQuery,
  type RevenueView,
  type TenantCurrenciesAnswer,
  type TenantCurrency,
  tenantCurrenciesPath,
} from '../../../shared/contract/revenue';
import { call } from '../api';

// The Revenue tab's calls (issue 31), through the console's call(): the session cookie, the CSRF token on writes, the
// server's message on a failure and the sign-in again on a 401. The paths are the contract's (revenue.ts).

/** The view of one range, grouped by one dimension, for all the operator's tenants or one. */
export async function readRevenue(query: RevenueQuery): Promise<RevenueView> {
  return (await call<RevenueAnswer>(`${revenuePath}${adminQuery(query)}`)).data;
}

/**
 * A network's transaction report, sent as the CSV import sends its file: the file itself is the raw request body
 * (no multipart), here as `application/octet-stream` whatever its format (CSV or JSON: the bytes as the network
 * wrote them), and what to read it as in the query: `?format=<ReportFormat>&file_name=<the file's name>`.
 */
export async function importReport(
  format: ReportFormat,
  file: File,
): Promise<{ summary: CommissionImportSummary; message: string }> {
  const query = adminQuery({ format, file_name: file.name });
  const answer = await call<CommissionImportAnswer>(`${commissionImportsPath}${query}`, {
    method: 'POST',
    text: { body: file, type: 'application/octet-stream' },
  });
  return { summary: answer.data, message: answer.message };
}

interface RatesAnswer {
  success: true;
  message?: string;
  data?: CurrencyRate[];
}

export async function readRates(): Promise<CurrencyRate[]> {
  return (await call<RatesAnswer>(currencyRatesPath)).data ?? [];
}

/** Replaces the whole rates table; answers the table as the server keeps it (or as sent, when it says nothing). */
export async function saveRates(rates: CurrencyRate[]): Promise<{ rates: CurrencyRate[]; message: string | null }> {
  const answer = await call<RatesAnswer>(currencyRatesPath, { method: 'PUT', body: { rates } });
  return { rates: answer.data ?? rates, message: answer.message ?? null };
}

/** Each tenant's reporting currency (admins). */
export async function readTenantCurrencies(): Promise<TenantCurrency[]> {
  return (await call<TenantCurrenciesAnswer>(tenantCurrenciesPath)).data;
}

/** Sets one tenant's reporting currency; answers every tenant's as the server keeps them. */
export async function saveTenantCurrency(tenant: string, currency: string): Promise<TenantCurrency[]> {
  const path = `${tenantCurrenciesPath}/${encodeURIComponent(tenant)}`;
  return (await call<TenantCurrenciesAnswer>(path, { method: 'PATCH', body: { reporting_currency: currency } })).data;
}
