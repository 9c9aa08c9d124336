import { Type, type Static } from '@sinclair/typebox';
import { CURRENCY_PATTERN } from './revenue';
import { NullableNumber, StringEnum } from './schema-kit';

// Issue 16: the A/B layout report (npm run experiments:report and GET /api/admin/experiments for the console).
// Issue 31: and what each arm earned: counted click-outs (click_outs, whose `arms` name the experiment's variants),
// their matched commissions and earnings per 100 clicks (EPC) with Welch's t-test against the control
// (src/shared/rules/epc-test.ts). Amounts in minor units of the report's `currency`.

/**
 * What the revenue test concludes: `too-little-money` while either arm has fewer transactions than
 * EPC_MIN_TRANSACTIONS (src/shared/rules/epc-test.ts) or earned nothing, else whether the variant's EPC is
 * significantly (p < EPC_ALPHA) higher or lower than the control's, or not significantly different.
 */
export const EPC_VERDICTS = ['too-little-money', 'not-significant', 'higher', 'lower'] as const;
export type EpcVerdict = (typeof EPC_VERDICTS)[number];

/** A variant's verdict against the control; the control's own is `control`. */
export const EPC_ARM_VERDICTS = ['control', ...EPC_VERDICTS] as const;
export type EpcArmVerdict = (typeof EPC_ARM_VERDICTS)[number];

const perHundred = (description: string) =>
  NullableNumber({ description: `${description}, per 100 clicks in minor units of the report currency` });

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
    clicks: Type.Integer({
      minimum: 0,
      description:
        'Counted click-outs (click_outs rows not automated) whose arms name this experiment and variant: what EPC divides by. clickOuts counts counted shoppers’ click-outs once per coupon and day.',
    }),
    transactions: Type.Integer({
      minimum: 0,
      description: 'Commissions matched to those clicks, declined ones left out',
    }),
    unconverted: Type.Integer({
      minimum: 0,
      description:
        'Of those transactions, the ones in a currency with no rate into the report currency: left out of commission_minor, EPC and its test',
    }),
    commission_minor: Type.Integer({
      minimum: 0,
      description: 'Pending + approved + paid commission of those clicks, in minor units of the report currency',
    }),
    epc_minor: Type.Number({
      minimum: 0,
      description: 'Earnings per 100 clicks: commission_minor × 100 / clicks (0 without clicks), in minor units',
    }),
    epc_low_minor: perHundred('Lower end of the 95 % confidence interval of EPC (Student t; null below 2 clicks)'),
    epc_high_minor: perHundred('Upper end of the 95 % confidence interval of EPC (null below 2 clicks)'),
    epc_p_value: NullableNumber({
      description:
        'Two-sided Welch t-test of per-click earnings (a click earns its commission or 0) against the control; null for the control itself or below 2 clicks in either arm.',
    }),
    epc_verdict: StringEnum(EPC_ARM_VERDICTS, { description: 'What the revenue test says of this arm' }),
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
    currency: Type.String({
      pattern: CURRENCY_PATTERN,
      description:
        "What the amounts are in: the reporting currency of the experiment's tenant (USD when it ran on several, or none)",
    }),
    revenue_verdict: StringEnum(EPC_VERDICTS, {
      description:
        'too-little-money if any arm has too little money (or no variant is compared); else higher if a variant earns significantly more per click than the control, else lower if one earns less, else not-significant',
    }),
    revenue_statement: Type.String({
      description: 'The revenue verdict in words, e.g. "too little money to decide: …"',
    }),
  },
  { additionalProperties: false },
);
export type ExperimentReport = Static<typeof ExperimentReport>;

export const ExperimentsAnswer = Type.Object(
  { success: Type.Literal(true), data: Type.Array(ExperimentReport) },
  { additionalProperties: false },
);
export type ExperimentsAnswer = Static<typeof ExperimentsAnswer>;
