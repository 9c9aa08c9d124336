import { Type, type Static } from '@sinclair/typebox';
import { FEED_AUTHS, FeedCredentials } from './feeds';
import { CommissionImportSummary, REPORT_FORMATS } from './revenue';
import { NullableString, StringEnum } from './schema-kit';

// Issue 31, item 2: a network's transaction report imported "from a feed source", a URL the network publishes it at,
// fetched on a schedule with the account's credentials (the voucher feeds' fetcher, auth modes and sealing: issue 30).
// Each run reads the report as an uploaded one is read (readReport, importCommissions: nothing counted twice). The
// credentials are written, never sent back: an answer says only whether some are stored.

/** A report's largest size, uploaded or fetched: a year of a busy publisher's transactions in the most verbose format. */
export const REPORT_MAX_BYTES = 20 * 1024 * 1024;

export const commissionSourcesPath = '/api/admin/revenue/sources';
export const commissionSourcePath = (id: number) => `${commissionSourcesPath}/${id}`;
export const commissionSourceImportPath = (id: number) => `${commissionSourcesPath}/${id}/import`;

/** Hours between scheduled imports; 0: only when imported from the console. */
export const SourceHours = Type.Integer({ minimum: 0, maximum: 168 });

export const CommissionSource = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    format: StringEnum(REPORT_FORMATS),
    url: Type.String({ description: 'Where the report is fetched from (a query secret is added, never stored here)' }),
    auth: StringEnum(FEED_AUTHS),
    has_credentials: Type.Boolean({ description: 'Credentials are stored, encrypted (they are never sent back)' }),
    every_hours: SourceHours,
    enabled: Type.Boolean(),
    next_run_at: NullableString(),
    last_run_at: NullableString(),
    /** The last import a run made (kept when a later run fails: last_error then says why); null before any. */
    last_import: Type.Union([CommissionImportSummary, Type.Null()]),
    /** Why the last run imported nothing; null when it imported (or has not run). */
    last_error: NullableString(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { additionalProperties: false },
);
export type CommissionSource = Static<typeof CommissionSource>;

const SourceFields = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  format: StringEnum(REPORT_FORMATS),
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  credentials: FeedCredentials,
  every_hours: SourceHours,
  enabled: Type.Boolean(),
};

export const CommissionSourceCreate = Type.Object(
  {
    name: SourceFields.name,
    format: SourceFields.format,
    url: SourceFields.url,
    credentials: Type.Optional(SourceFields.credentials),
    every_hours: Type.Optional(SourceFields.every_hours),
    enabled: Type.Optional(SourceFields.enabled),
  },
  { additionalProperties: false },
);
export type CommissionSourceCreate = Static<typeof CommissionSourceCreate>;

/** Credentials left out keep the stored ones; `{ auth: 'none' }` clears them. */
export const CommissionSourceUpdate = Type.Partial(Type.Object(SourceFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});
export type CommissionSourceUpdate = Static<typeof CommissionSourceUpdate>;

export const CommissionSourceParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type CommissionSourceParams = Static<typeof CommissionSourceParams>;

export const CommissionSourceAnswer = Type.Object(
  { success: Type.Literal(true), message: Type.Optional(Type.String()), data: CommissionSource },
  { additionalProperties: false },
);
export type CommissionSourceAnswer = Static<typeof CommissionSourceAnswer>;

export const CommissionSourceListAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(CommissionSource) },
  { additionalProperties: false },
);
export type CommissionSourceListAnswer = Static<typeof CommissionSourceListAnswer>;
