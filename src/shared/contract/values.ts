// Closed lists of the API (SPEC §3), without TypeBox: the browser's code may read them at run time.

/** The four banner sizes, as the API and the layout documents spell them. */
export const BANNER_DIMENSIONS = ['120 * 600', '728 * 90', '1480 * 630', '300 * 250'] as const;
export type BannerDimension = (typeof BANNER_DIMENSIONS)[number];

export const BANNER_KINDS = ['ad', 'recommend'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

/** A store's desktop_redirection_type (SPEC §4). */
export const REDIRECTION_TYPES = ['zero-redirect-with-refer', 'zero-redirect-without-refer', 'default'] as const;
export type RedirectionType = (typeof REDIRECTION_TYPES)[number];

/** Why a shopper says a code did not work (issue 13's vote prompt). */
export const VOTE_REASONS = ['expired', 'needs_minimum', 'wrong_region', 'other'] as const;
export type VoteReason = (typeof VOTE_REASONS)[number];

/** The offer filters of store, category, coupons and search pages: a code to copy, a deal, free shipping. */
export const OFFER_TYPES = ['code', 'deal', 'free_shipping'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

/** The shopper's sort of an offer list; best is the page's own order (SPEC) with reported-not-working codes sunk. */
export const OFFER_SORTS = ['best', 'newest', 'ending_soon'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

/** Paging bounds of every paged list. */
export const MAX_PAGE = 10_000;
/** Browser features a tenant may turn on for its own scripts (Permissions-Policy); every one is off otherwise. */
export const POLICY_FEATURES = ['camera', 'microphone', 'geolocation', 'payment'] as const;
export type PolicyFeature = (typeof POLICY_FEATURES)[number];
export const MAX_PER_PAGE = 100;

// Closed lists of the layout documents (layouts/, schemas/layout-envelope.schema.json).

/** The document kinds: each has its folder in layouts/ and its own set of section types (email: the weekly digest). */
export const LAYOUT_KINDS = ['home', 'header', 'footer', 'email'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

/** Every layout schemaVersion still read; the last is the current one (older ones are migrated on load). */
export const LAYOUT_SCHEMA_VERSIONS = [1, 2] as const;
export type LayoutSchemaVersion = (typeof LAYOUT_SCHEMA_VERSIONS)[number];

/**
 * A schedule edge: an ISO 8601 date-time, with Z or an offset (an instant) or without (the tenant's local time).
 */
export const SCHEDULE_INSTANT_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?(Z|[+-][0-9]{2}:[0-9]{2})?$';

/** mobile is used by the mobile footer only. */
export const LAYOUT_SLOTS = ['main', 'mobile'] as const;
export type LayoutSlot = (typeof LAYOUT_SLOTS)[number];

/** sidebar puts a section in the home page's side column. */
export const PLACEMENTS = ['main', 'sidebar'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** What POST /api/end-user/coupon/record-visit records: a reveal ('visit') or a click on the offer. */
export const COUPON_EVENTS = ['visit', 'click'] as const;
export type CouponEvent = (typeof COUPON_EVENTS)[number];
