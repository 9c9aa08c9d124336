import { Type, type Static } from '@sinclair/typebox';

// Issue 16: the A/B layout report (npm run experiments:report and GET /api/admin/experiments for the console).

export const ExperimentVariantReport = Type.Object(
  {
    variant: Type.String(),
    /** Shoppers (first-party cookie ids) shown this variant. */
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
    variants: Type.Array(ExperimentVariantReport),
  },
  { additionalProperties: false },
);
export type ExperimentReport = Static<typeof ExperimentReport>;

export const ExperimentsAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(ExperimentReport) },
  { additionalProperties: false },
);
