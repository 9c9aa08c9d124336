import { Type, type Static } from '@sinclair/typebox';

// Issue 16: the A/B layout report (npm run experiments:report and GET /api/admin/experiments for the console).

export const ExperimentVariantReport = Type.Object(
  {
    variant: Type.String(),
    /** Shoppers (server-signed ids) shown this variant whom the report counts. */
    shoppers: Type.Integer({ minimum: 0 }),
    /** Coupon reveals (record-visit type visit) by those shoppers. */
    reveals: Type.Integer({ minimum: 0 }),
    /** Shoppers with at least one reveal: what the test compares. */
    revealers: Type.Integer({ minimum: 0 }),
    revealsPer100: Type.Number({ description: 'reveals per 100 shoppers' }),
    clickOuts: Type.Integer({ minimum: 0 }),
    pValue: Type.Union([Type.Number(), Type.Null()], {
      description:
        'Two-sided two-proportion z-test of revealers/shoppers against the control; null for the control itself or when there is nothing to compare.',
    }),
  },
  { additionalProperties: false },
);
export type ExperimentVariantReport = Static<typeof ExperimentVariantReport>;

export const ExperimentReport = Type.Object(
  {
    id: Type.String(),
    control: Type.String({ description: 'The variant the others are tested against.' }),
    leftOut: Type.Object(
      {
        never_returned: Type.Integer({ minimum: 0, description: 'Ids whose browser never sent them back.' }),
        machine_timing: Type.Integer({ minimum: 0, description: 'Ids that revealed faster than a person can.' }),
        network_burst: Type.Integer({ minimum: 0, description: 'Ids past the new-id cap of their network.' }),
        total: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false, description: 'Shoppers the report does not count (issue 24), and why.' },
    ),
    variants: Type.Array(ExperimentVariantReport),
  },
  { additionalProperties: false },
);
export type ExperimentReport = Static<typeof ExperimentReport>;

export const ExperimentsAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(ExperimentReport) },
  { additionalProperties: false },
);
export type ExperimentsAnswer = Static<typeof ExperimentsAnswer>;
