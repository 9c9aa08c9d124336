import { Type, type Static } from '@sinclair/typebox';
import { OBJECT_ID_PATTERN } from '../rules/object-id';
import { NullableString, StringEnum } from './schema-kit';

// Issue 31, follow the money: every click-out gets an id that rides on the network's sub-ID parameter, the networks'
// transaction reports come back (src/shared/revenue/<format>.ts read them), a transaction finds its click by that id,
// and the console sums clicks and commission per tenant, store, coupon, network and layout variant. Declared once
// here: the sub-ID rule, the readers, the import, the admin routes and the console's Revenue tab derive from these.

/** The networks whose tracking links and reports Dealdeck knows. */
export const AFFILIATE_NETWORKS = ['awin', 'cj', 'impact', 'rakuten', 'tradedoubler', 'admitad'] as const;
export type AffiliateNetwork = (typeof AFFILIATE_NETWORKS)[number];

export const AFFILIATE_NETWORK_NAMES: Readonly<Record<AffiliateNetwork, string>> = {
  awin: 'Awin',
  cj: 'CJ',
  impact: 'Impact',
  rakuten: 'Rakuten Advertising',
  tradedoubler: 'Tradedoubler',
  admitad: 'Admitad',
};

/** Each network's own sub-ID query parameter on its tracking links (what its reports give back). */
export const SUB_ID_PARAMS: Readonly<Record<AffiliateNetwork, string>> = {
  awin: 'clickref',
  cj: 'sid',
  impact: 'subId1',
  rakuten: 'u1',
  tradedoubler: 'epi',
  admitad: 'subid',
};

/** A click id: 16 URL-safe base64 characters (96 random bits), the sub-ID on the merchant link. */
export const CLICK_ID_PATTERN = '^[A-Za-z0-9_-]{16}$';

export { CLICK_PAGES, SUB_ID_PARAM_PATTERN, type ClickPage } from '../revenue/click-pages';

/** A commission's life: the network's own states mapped to these four (each reader says how). */
export const TRANSACTION_STATES = ['pending', 'approved', 'declined', 'paid'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** The transaction report formats, as the networks publish them (docs/revenue.md names each one's fields). */
export const REPORT_FORMATS = [
  'awin-csv',
  'awin-json',
  'cj-json',
  'impact-csv',
  'impact-json',
  'rakuten-csv',
  'tradedoubler-json',
  'admitad-json',
] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_FORMAT_NAMES: Readonly<Record<ReportFormat, string>> = {
  'awin-csv': 'Awin transactions CSV (report export)',
  'awin-json': 'Awin Transactions API JSON',
  'cj-json': 'CJ Commission Detail (GraphQL) JSON',
  'impact-csv': 'Impact Actions CSV',
  'impact-json': 'Impact Actions API JSON',
  'rakuten-csv': 'Rakuten Advertising Signature Orders CSV',
  'tradedoubler-json': 'Tradedoubler Transactions JSON',
  'admitad-json': 'Admitad Actions statistics JSON',
};

export const REPORT_NETWORK: Readonly<Record<ReportFormat, AffiliateNetwork>> = {
  'awin-csv': 'awin',
  'awin-json': 'awin',
  'cj-json': 'cj',
  'impact-csv': 'impact',
  'impact-json': 'impact',
  'rakuten-csv': 'rakuten',
  'tradedoubler-json': 'tradedoubler',
  'admitad-json': 'admitad',
};

/** ISO 4217 alphabetic code. */
export const CURRENCY_PATTERN = '^[A-Z]{3}$';

/**
 * One row of a network's report in Dealdeck's terms, as its format's pure reader makes it. Invariants every reader
 * keeps (property-tested):
 * - amounts are integers in the currency's minor unit (cents; yen have none), commission ≥ 0;
 * - `currency` is an upper-case ISO 4217 code;
 * - `occurred_at` is an ISO 8601 instant (UTC, `…Z`);
 * - `sub_id` is the report's sub-ID exactly as sent back (trimmed), or null when the row has none.
 */
export const NetworkTransaction = Type.Object(
  {
    transaction_id: Type.String({ minLength: 1, maxLength: 200, description: "The network's id of the transaction" }),
    sub_id: NullableString({ maxLength: 200, description: 'The sub-ID the click carried (our click id)' }),
    state: StringEnum(TRANSACTION_STATES),
    commission_minor: Type.Integer({ minimum: 0, description: 'The publisher commission, in minor units' }),
    sale_minor: Type.Union([Type.Integer(), Type.Null()], { description: 'The order value, in minor units' }),
    currency: Type.String({ pattern: CURRENCY_PATTERN }),
    occurred_at: Type.String({ description: 'When the sale happened, ISO 8601 UTC' }),
    advertiser_id: NullableString({ maxLength: 200 }),
    advertiser_name: NullableString({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type NetworkTransaction = Static<typeof NetworkTransaction>;

/** A reader's answer for one row: the transaction, or why the row can't be one; `where` is "line 12", "[3]". */
export type ReportItem = { where: string } & (
  { ok: true; transaction: NetworkTransaction } | { ok: false; reason: string }
);

// ---- Import (POST /api/admin/revenue/imports) ----

export const commissionImportsPath = '/api/admin/revenue/imports';

export const CommissionImportSummary = Type.Object(
  {
    id: Type.Integer(),
    format: StringEnum(REPORT_FORMATS),
    file_name: Type.String(),
    imported_at: Type.String(),
    records: Type.Integer({ minimum: 0, description: 'Rows read' }),
    added: Type.Integer({ minimum: 0, description: 'Transactions seen for the first time' }),
    changed: Type.Integer({ minimum: 0, description: 'Known transactions whose state or amounts changed' }),
    unchanged: Type.Integer({ minimum: 0 }),
    refused: Type.Integer({ minimum: 0, description: 'Rows that are not a transaction (see problems)' }),
    unmatched: Type.Integer({ minimum: 0, description: 'Transactions of this report whose sub-ID names no click' }),
    problems: Type.Array(Type.Object({ where: Type.String(), reason: Type.String() }), { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type CommissionImportSummary = Static<typeof CommissionImportSummary>;

export const CommissionImportAnswer = Type.Object(
  { success: Type.Literal(true), message: Type.String(), data: CommissionImportSummary },
  { additionalProperties: false },
);
export type CommissionImportAnswer = Static<typeof CommissionImportAnswer>;

// ---- The revenue view (GET /api/admin/revenue) ----

export const revenuePath = '/api/admin/revenue';

export const REVENUE_DIMENSIONS = ['tenant', 'store', 'coupon', 'network', 'layout'] as const;
export type RevenueDimension = (typeof REVENUE_DIMENSIONS)[number];

/** The longest range one view sums. */
export const REVENUE_MAX_DAYS = 366;

export const RevenueQuery = Type.Object(
  {
    from: Type.String({ format: 'date', description: 'First UTC day (YYYY-MM-DD), inclusive' }),
    to: Type.String({ format: 'date', description: 'Last UTC day (YYYY-MM-DD), inclusive' }),
    by: StringEnum(REVENUE_DIMENSIONS, { default: 'tenant' }),
    tenant: Type.Optional(Type.String({ pattern: OBJECT_ID_PATTERN, description: "One tenant's _id" })),
  },
  { additionalProperties: false },
);
export type RevenueQuery = Static<typeof RevenueQuery>;

const minor = (description: string) => Type.Integer({ description: `${description}, in minor units of currency` });

/** Clicks and money of one group (or of the whole view); amounts converted to the view's currency. */
export const RevenueFigures = Type.Object(
  {
    clicks: Type.Integer({ minimum: 0, description: 'Click-outs (automated ones left out)' }),
    transactions: Type.Integer({ minimum: 0, description: 'Transactions matched to those clicks, declined included' }),
    conversion: Type.Number({ description: 'Non-declined transactions per click, 0–1' }),
    pending_minor: minor('Commission still pending'),
    approved_minor: minor('Commission approved and not yet paid'),
    paid_minor: minor('Commission paid'),
    declined_minor: minor('Commission declined'),
    epc_minor: Type.Number({ description: 'Earnings per 100 clicks: (pending + approved + paid) × 100 / clicks' }),
  },
  { additionalProperties: false },
);
export type RevenueFigures = Static<typeof RevenueFigures>;

export const RevenueRow = Type.Intersect([Type.Object({ key: Type.String(), label: Type.String() }), RevenueFigures]);
export type RevenueRow = Static<typeof RevenueRow>;

export const RevenueDay = Type.Object(
  {
    day: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
    clicks: Type.Integer({ minimum: 0 }),
    commission_minor: minor('Pending + approved + paid commission of that day’s clicks'),
  },
  { additionalProperties: false },
);
export type RevenueDay = Static<typeof RevenueDay>;

export const RevenueView = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    by: StringEnum(REVENUE_DIMENSIONS),
    currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'What every amount is in' }),
    totals: RevenueFigures,
    rows: Type.Array(RevenueRow),
    days: Type.Array(RevenueDay, { description: 'Every day of the range, oldest first' }),
    unconverted: Type.Array(
      Type.Object({ currency: Type.String(), commission_minor: Type.Integer() }, { additionalProperties: false }),
      { description: 'Commission in currencies the rates table has no rate for (left out of the amounts above)' },
    ),
    unmatched: Type.Integer({
      minimum: 0,
      description: 'Transactions whose sub-ID names no click (admins only; 0 for editors)',
    }),
  },
  { additionalProperties: false },
);
export type RevenueView = Static<typeof RevenueView>;

export const RevenueAnswer = Type.Object(
  { success: Type.Literal(true), data: RevenueView },
  { additionalProperties: false },
);
export type RevenueAnswer = Static<typeof RevenueAnswer>;

// ---- Rates the operator keeps (GET/PUT /api/admin/revenue/rates) ----

export const currencyRatesPath = '/api/admin/revenue/rates';

export const CurrencyRate = Type.Object(
  {
    currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'From' }),
    to_currency: Type.String({ pattern: CURRENCY_PATTERN, description: 'Into' }),
    rate: Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'One unit of currency in to_currency' }),
  },
  { additionalProperties: false },
);
export type CurrencyRate = Static<typeof CurrencyRate>;

// ---- Each tenant's reporting currency (GET /api/admin/revenue/currencies, PATCH …/:tenant) ----

export const tenantCurrenciesPath = '/api/admin/revenue/currencies';

export const TenantCurrency = Type.Object(
  {
    tenant: Type.String({ description: "The tenant's _id" }),
    name: Type.String(),
    reporting_currency: Type.String({ pattern: CURRENCY_PATTERN }),
  },
  { additionalProperties: false },
);
export type TenantCurrency = Static<typeof TenantCurrency>;

export const TenantCurrenciesAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(TenantCurrency) },
  { additionalProperties: false },
);
export type TenantCurrenciesAnswer = Static<typeof TenantCurrenciesAnswer>;
