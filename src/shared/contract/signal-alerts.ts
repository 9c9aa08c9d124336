import { Type, type Static } from '@sinclair/typebox';
import { NullableString, QueryInteger, StringEnum } from './schema-kit';

// Issue 24, "bursts are seen": the alerts the server records when one network sends a burst of votes on a coupon or of
// exposures / outcomes on an experiment arm; GET /api/admin/alerts and the console's Alerts panel.

export const SIGNAL_ALERT_KINDS = ['vote_burst', 'exposure_burst', 'outcome_burst'] as const;
export type SignalAlertKind = (typeof SIGNAL_ALERT_KINDS)[number];

export const SignalAlertNetwork = Type.Object(
  {
    network: Type.String({ description: "An IPv4 /24 or IPv6 /64, e.g. '203.0.113.0/24'" }),
    count: Type.Integer({ minimum: 0, description: 'The largest count of requests from it the server reported' }),
  },
  { additionalProperties: false },
);
export type SignalAlertNetwork = Static<typeof SignalAlertNetwork>;

const Tenant = Type.Object(
  { _id: Type.String(), name: Type.String(), host: NullableString({ description: 'Its first host' }) },
  { additionalProperties: false },
);

export const SignalAlert = Type.Object(
  {
    id: Type.Integer(),
    kind: StringEnum(SIGNAL_ALERT_KINDS),
    day: Type.String({ description: 'The UTC day (YYYY-MM-DD): one alert per kind and target per UTC day' }),
    coupon_id: NullableString({ description: 'vote_burst, outcome_burst' }),
    coupon_title: NullableString({ description: "The coupon's title (its name when untitled); null once deleted" }),
    coupon_code: NullableString(),
    store_name: NullableString(),
    experiment_id: NullableString({ description: 'exposure_burst, outcome_burst' }),
    variant: NullableString({ description: 'The experiment arm' }),
    tenants: Type.Array(Tenant, { description: 'The tenants the requests came to (editors: theirs only)' }),
    networks: Type.Array(SignalAlertNetwork, { description: 'Largest count first' }),
    total: Type.Integer({ minimum: 0, description: "The sum of the networks' counts" }),
    first_seen: Type.String({ description: 'ISO 8601, UTC' }),
    last_seen: Type.String({ description: 'ISO 8601, UTC' }),
  },
  { additionalProperties: false },
);
export type SignalAlert = Static<typeof SignalAlert>;

export const SignalAlertsQuery = Type.Object({ limit: QueryInteger({ minimum: 1, maximum: 500, default: 100 }) });
export type SignalAlertsQuery = Static<typeof SignalAlertsQuery>;

export const SignalAlertsAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(SignalAlert) },
  { additionalProperties: false },
);
export type SignalAlertsAnswer = Static<typeof SignalAlertsAnswer>;
