import { Type, type Static } from '@sinclair/typebox';
import { OBJECT_ID_PATTERN } from '../rules/object-id';
import { NullableString } from './schema-kit';

// Issue 26, the console's first screen: how each tenant's day and week are going, counted from the server's own records
// (shopper_events, newsletter_subscriptions, coupon_votes, signal_alerts). GET /api/admin/overview; the route validates
// and serialises with these schemas, the console's overview panel types its call with them.

export const overviewPath = '/api/admin/overview';

export const OverviewQuery = Type.Object(
  {
    tenant: Type.Optional(
      Type.String({ pattern: OBJECT_ID_PATTERN, description: "One tenant's _id (an editor: one granted to them)" }),
    ),
  },
  { additionalProperties: false },
);
export type OverviewQuery = Static<typeof OverviewQuery>;

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const OverviewFigures = Type.Object(
  {
    from: Type.String({ description: 'ISO 8601, UTC: the start of the first local day counted' }),
    until: Type.String({ description: 'ISO 8601, UTC: the start of tomorrow in the tenant’s time zone (exclusive)' }),
    reveals: count("Coupons revealed: a signed shopper's first reveal of a coupon on a day"),
    click_outs: count("Click-outs to a merchant: a signed shopper's first of a coupon on a day"),
    new_subscribers: count('Newsletter sign-ups confirmed (double opt-in) in the window'),
    reported_codes: count('Coupons that got a "did not work" vote on this tenant in the window'),
    not_working_votes: count('"Did not work" votes cast on this tenant in the window (a shopper’s latest per 24 h)'),
    not_working_counted: count('Of those, the votes that count (signed, revealed first, within their network’s cap)'),
    alerts: count('Signal alerts (issue 24) naming this tenant, last seen in the window'),
  },
  { additionalProperties: false },
);
export type OverviewFigures = Static<typeof OverviewFigures>;

export const ReportedCoupon = Type.Object(
  {
    coupon_id: Type.String(),
    title: Type.String({ description: "The coupon's title, or its name when untitled" }),
    store_name: Type.String(),
    code: NullableString(),
    not_working_votes: count('"Did not work" votes on this tenant in the last 7 days'),
    is_paused: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ReportedCoupon = Static<typeof ReportedCoupon>;

/** How many of a tenant's most reported coupons the overview names. */
export const REPORTED_SHOWN = 5;

export const OverviewTenant = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    host: NullableString({ description: 'Its first host' }),
    time_zone: Type.String({ description: 'The IANA zone the days are read in (an unknown one counts as UTC)' }),
    date: Type.String({ description: 'Today in that zone, YYYY-MM-DD' }),
    today: OverviewFigures,
    last_7_days: OverviewFigures,
    reported: Type.Array(ReportedCoupon, {
      description: `The coupons with the most "did not work" votes in the last 7 days (at most ${REPORTED_SHOWN})`,
    }),
  },
  { additionalProperties: false },
);
export type OverviewTenant = Static<typeof OverviewTenant>;

export const OverviewAnswer = Type.Object(
  {
    success: Type.Literal(true),
    data: Type.Object(
      {
        generated_at: Type.String({ description: 'ISO 8601, UTC' }),
        tenants: Type.Array(OverviewTenant, { description: 'Admin: every tenant; editor: theirs. By name.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type OverviewAnswer = Static<typeof OverviewAnswer>;
