import { Type, type Static } from '@sinclair/typebox';
import { OBJECT_ID_PATTERN } from '../rules/object-id';
import { NullableNumber, NullableString, StringEnum } from './schema-kit';
import { BANNER_DIMENSIONS, BANNER_KINDS, COUPON_EVENTS, REDIRECTION_TYPES, VOTE_REASONS } from './values';

// The API's entities (SPEC §3 field names), declared once: the routes' response schemas (validation, serialisation in
// this property order, /api/docs) and the TypeScript types of the repositories and the browser.
// Every field is required: this server always sends it, and fast-json-stringify writes required properties before
// optional ones, so an optional field would move in the answer.

const redirectionType = StringEnum(REDIRECTION_TYPES);
const bannerDimension = StringEnum(BANNER_DIMENSIONS);

/** A store as a coupon carries it. */
export const StoreRef = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  image: NullableString(),
  desktop_redirection_type: redirectionType,
});
export type StoreRef = Static<typeof StoreRef>;

export const Store = Type.Object({
  _id: Type.String({ pattern: OBJECT_ID_PATTERN }),
  slug: Type.String(),
  name: Type.String(),
  image: NullableString(),
  description: Type.String(),
  website_url: Type.String(),
  is_archived: Type.Boolean(),
  is_paused: Type.Boolean(),
  desktop_redirection_type: redirectionType,
  visit_count: Type.Integer(),
  created_at: Type.String(),
});
export type Store = Static<typeof Store>;

/**
 * Shoppers' "did it work?" votes for one coupon, pooled across every tenant that lists it (issue 13). Real counts of
 * counted votes only (automated requests are stored, not counted); success_rate is a whole percentage, null under
 * MIN_RATED_VOTES (src/shared/rules/verification.ts).
 */
export const Verification = Type.Object({
  worked: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  success_rate: Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 100 }),
  last_worked_at: NullableString({ description: 'ISO 8601 instant of the latest counted "worked" vote.' }),
  votes_24h: Type.Integer({ minimum: 0 }),
});
export type Verification = Static<typeof Verification>;

export const Coupon = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  image: NullableString(),
  code: NullableString({ description: 'The coupon code; null for a deal.' }),
  expiry_date: NullableString({ description: 'ISO 8601; null when the coupon does not expire.' }),
  link: Type.String(),
  finalLink: NullableString(),
  domain_link: Type.String(),
  is_recommended: Type.Boolean(),
  created_at: Type.String(),
  store: Type.Object({ name: Type.String(), image: NullableString(), slug: Type.String() }),
  store_id: StoreRef,
  verification: Verification,
});
export type Coupon = Static<typeof Coupon>;

/** A most-visited store: links and draws through store_details (SPEC §3). */
export const TopVisitedStore = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  image: NullableString(),
  visit_count: Type.Integer(),
  store_details: Type.Object({ _id: Type.String(), name: Type.String(), slug: Type.String(), image: NullableString() }),
});
export type TopVisitedStore = Static<typeof TopVisitedStore>;

export const Banner = Type.Object({
  _id: Type.String(),
  banner_dimension: bannerDimension,
  kind: StringEnum(BANNER_KINDS),
  image_upload: Type.String(),
  image_url: NullableString(),
  redirect_url: Type.String(),
  store_id: NullableString(),
});
export type Banner = Static<typeof Banner>;

export const CategoryCount = Type.Object({ category: Type.String(), count: Type.Integer() });
export type CategoryCount = Static<typeof CategoryCount>;

export const FeatureCard = Type.Object({ icon: Type.String(), title: Type.String(), description: Type.String() });
export type FeatureCard = Static<typeof FeatureCard>;

export const StoreRating = Type.Object({ store_id: Type.String(), average: NullableNumber(), count: Type.Integer() });
export type StoreRating = Static<typeof StoreRating>;

/** GET /v2/fetch/couponurl: the stored outbound link of one coupon (finalLink unless expired, else link). */
export const CouponUrl = Type.Object({
  coupons: Type.Array(
    Type.Object({ _id: Type.String(), finalLink: Type.String(), link: Type.String(), expired: Type.Boolean() }),
  ),
  domain_link: Type.String(),
});
export type CouponUrl = Static<typeof CouponUrl>;

export const DealsInfo = Type.Object({ title: Type.String(), description: Type.String() });
export type DealsInfo = Static<typeof DealsInfo>;

/** POST /api/end-user/coupon/record-visit: a reveal or a click on one coupon (feeds its store's visit_count). */
export const RecordVisitRequest = Type.Object({
  coupon_id: Type.String({ pattern: OBJECT_ID_PATTERN, description: '24-hex `_id`' }),
  type: Type.Optional(StringEnum(COUPON_EVENTS, { default: 'visit' })),
});
export type RecordVisitRequest = Static<typeof RecordVisitRequest>;

/** The coupon's store and that store's visit_count after the event. */
export const RecordVisitResult = Type.Object({
  store_id: Type.Optional(Type.String()),
  visit_count: Type.Optional(Type.Integer()),
});
export type RecordVisitResult = Static<typeof RecordVisitResult>;

/** POST /api/end-user/coupon/record-clickout: the shopper leaves for this coupon's merchant. */
export const ClickOutRequest = Type.Object({ coupon_id: Type.String({ pattern: OBJECT_ID_PATTERN }) });
export type ClickOutRequest = Static<typeof ClickOutRequest>;

/** How many running experiments the click-out was recorded for (0: a bot, or no variant shown). */
export const ClickOutResult = Type.Object({ experiments: Type.Integer({ minimum: 0 }) });
export type ClickOutResult = Static<typeof ClickOutResult>;

/** POST /api/end-user/coupon/vote: one shopper's answer to "Did this code work?". */
export const VoteRequest = Type.Object(
  {
    coupon_id: Type.String({ pattern: OBJECT_ID_PATTERN }),
    worked: Type.Boolean(),
    reason: Type.Optional(StringEnum(VOTE_REASONS, { description: 'Why it did not work (only with worked: false).' })),
  },
  { additionalProperties: false },
);
export type VoteRequest = Static<typeof VoteRequest>;

/**
 * POST /api/end-user/coupon/vote/reason: why the code did not work, given after the "No" (issue 26). It amends the
 * sender's own "No" vote on the coupon (the one the vote route keeps for them), never adds one; a later reason replaces
 * an earlier one.
 */
export const VoteReasonRequest = Type.Object(
  {
    coupon_id: Type.String({ pattern: OBJECT_ID_PATTERN }),
    reason: StringEnum(VOTE_REASONS, { description: 'Why it did not work.' }),
  },
  { additionalProperties: false },
);
export type VoteReasonRequest = Static<typeof VoteReasonRequest>;

/** The coupon's pooled tally after the vote. */
export const VoteTally = Type.Object({
  coupon_id: Type.String(),
  worked: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  success_rate: Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 0, maximum: 100 }),
  last_worked_at: NullableString(),
});
export type VoteTally = Static<typeof VoteTally>;

/** Totals of a filtered offer list per type, for the tabs (All / Codes / Deals / Free shipping). */
export const OfferCounts = Type.Object({
  all: Type.Integer(),
  code: Type.Integer(),
  deal: Type.Integer(),
  free_shipping: Type.Integer(),
});
export type OfferCounts = Static<typeof OfferCounts>;
