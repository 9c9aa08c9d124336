import { Type, type Static } from '@sinclair/typebox';
import { NullableString, StringEnum } from './schema-kit';

// Issue 30: the affiliate networks' voucher feeds, read as each network publishes them, mapped to one offer shape,
// and kept in step with the catalogue by a scheduled sync. Declared once here: the readers (src/server/feeds/readers),
// the pure per-format mappings (src/shared/feeds), the sync, the admin routes and the console's Feeds tab derive
// from these.

/** The six formats, as the networks publish them (docs/feeds.md names each one's fields). */
export const FEED_FORMATS = [
  'awin-csv',
  'cj-xml',
  'impact-json',
  'rakuten-xml',
  'admitad-json',
  'tradedoubler-json',
] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_FORMAT_NAMES: Readonly<Record<FeedFormat, string>> = {
  'awin-csv': 'Awin voucher CSV',
  'cj-xml': 'CJ Link Search XML',
  'impact-json': 'Impact Ads JSON',
  'rakuten-xml': 'Rakuten Coupon Web Service XML',
  'admitad-json': 'Admitad coupons JSON',
  'tradedoubler-json': 'Tradedoubler vouchers JSON',
};

/** What kind of offer a shopper sees: a code to copy, a deal (no code), or free shipping (no code). */
export const OFFER_KINDS = ['code', 'deal', 'free-shipping'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const FEED_TITLE_MAX = 200;
export const FEED_DESCRIPTION_MAX = 2000;
export const FEED_CODE_MAX = 100;

/**
 * One network record mapped to Dealdeck's terms by its format's pure mapping (src/shared/feeds/<format>.ts).
 * Invariants every mapping keeps (property-tested):
 * - `kind` is 'code' exactly when `code` is not null (a code has a non-blank character);
 * - `kind` 'free-shipping' means `title` says free shipping or delivery (isFreeShipping(title, ''));
 * - `title` and `description` are plain text (no tags, entities decoded), non-empty title, within their maxima;
 * - `tracking_url` (and `landing_url` when present) is an absolute http(s) URL;
 * - `starts_at` / `ends_at` are ISO 8601 instants (UTC, `…Z`) or null, and ends_at is not before starts_at.
 */
export const FeedOffer = Type.Object(
  {
    offer_id: Type.String({ minLength: 1, maxLength: 200, description: "The network's id of the offer" }),
    advertiser_id: Type.String({ minLength: 1, maxLength: 200 }),
    advertiser_name: Type.String({ minLength: 1, maxLength: 200 }),
    advertiser_site: NullableString({ description: "The advertiser's site (URL or host) when the feed gives one" }),
    kind: StringEnum(OFFER_KINDS),
    code: NullableString({ maxLength: FEED_CODE_MAX }),
    title: Type.String({ minLength: 1, maxLength: FEED_TITLE_MAX, description: 'The discount, as shoppers read it' }),
    description: Type.String({ maxLength: FEED_DESCRIPTION_MAX }),
    starts_at: NullableString(),
    ends_at: NullableString(),
    tracking_url: Type.String({ description: "The network's tracking (click-out) link" }),
    landing_url: NullableString(),
    exclusive: Type.Boolean(),
    /** The network's own category names (matched to Dealdeck's by name; the feed's default otherwise). */
    categories: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type FeedOffer = Static<typeof FeedOffer>;

/** A mapping's answer for one record: the offer, or why the record can't be one (shown to the operator). */
export type FeedMapResult = { ok: true; offer: FeedOffer } | { ok: false; reason: string };

/** One record as a reader hands it on: where it is in the file ("line 12", "<link> #3 (line 40)", "[7]"). */
export type FeedItem = { where: string } & FeedMapResult;

// ---- Sources (the console's Feeds tab) ----

export const FEED_AUTHS = ['none', 'bearer', 'basic', 'query'] as const;
export type FeedAuth = (typeof FEED_AUTHS)[number];

/**
 * How the feed's URL is fetched: no credentials; `Authorization: Bearer <token>` (CJ, Rakuten, Admitad); HTTP Basic
 * (Impact's Account SID and Auth Token); or a secret query parameter (Awin's and Tradedoubler's feed tokens). Written
 * by the console, kept encrypted at rest, never sent back.
 */
export const FeedCredentials = Type.Object(
  {
    auth: StringEnum(FEED_AUTHS),
    /** basic: the user (Account SID); query: the parameter's name. */
    name: Type.Optional(Type.String({ maxLength: 200 })),
    /** bearer: the token; basic: the password (Auth Token); query: the parameter's value. */
    secret: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type FeedCredentials = Static<typeof FeedCredentials>;

export const FEED_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type FeedRunStatus = (typeof FEED_RUN_STATUSES)[number];

export const FeedRunSample = Type.Object(
  {
    offer_id: Type.String(),
    advertiser: Type.String(),
    title: Type.String(),
    /** For a refused record: where it is and why; for a change: what changed. */
    note: Type.String(),
  },
  { additionalProperties: false },
);
export type FeedRunSample = Static<typeof FeedRunSample>;

export const FeedRun = Type.Object(
  {
    id: Type.Integer(),
    feed_id: Type.Integer(),
    dry_run: Type.Boolean(),
    status: StringEnum(FEED_RUN_STATUSES),
    /** 'schedule', 'console' or 'cli'. */
    trigger: Type.String(),
    queued_at: Type.String(),
    started_at: NullableString(),
    finished_at: NullableString(),
    records: Type.Integer({ minimum: 0, description: 'Records read from the feed' }),
    added: Type.Integer({ minimum: 0 }),
    changed: Type.Integer({ minimum: 0 }),
    expired: Type.Integer({ minimum: 0, description: 'Offers that left the feed or passed their end date' }),
    refused: Type.Integer({ minimum: 0, description: 'Records that could not be mapped (samples say why)' }),
    unmapped: Type.Integer({ minimum: 0, description: 'Offers of advertisers not mapped to a store (held back)' }),
    unchanged: Type.Integer({ minimum: 0 }),
    samples: Type.Object(
      {
        added: Type.Array(FeedRunSample),
        changed: Type.Array(FeedRunSample),
        expired: Type.Array(FeedRunSample),
        refused: Type.Array(FeedRunSample),
      },
      { additionalProperties: false },
    ),
    error: NullableString(),
  },
  { additionalProperties: false },
);
export type FeedRun = Static<typeof FeedRun>;

export const Feed = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    format: StringEnum(FEED_FORMATS),
    /** Where it is fetched from; null when the feed is an uploaded file. */
    url: NullableString(),
    /** An uploaded file is kept (its size in bytes); null when none. */
    file_bytes: Type.Union([Type.Integer(), Type.Null()]),
    auth: StringEnum(FEED_AUTHS),
    /** Tenants (domain ids) whose shoppers see its offers: a mapped store is published on each. */
    tenants: Type.Array(Type.String()),
    /** Dealdeck's category for an offer whose network categories match none of Dealdeck's. */
    category: Type.String(),
    /** Hours between scheduled syncs; 0: only when run from the console. */
    every_hours: Type.Integer({ minimum: 0, maximum: 168 }),
    enabled: Type.Boolean(),
    advertisers: Type.Integer({ minimum: 0, description: 'Advertisers seen in the feed' }),
    unmapped_advertisers: Type.Integer({ minimum: 0 }),
    last_run: Type.Union([FeedRun, Type.Null()]),
    next_run_at: NullableString(),
  },
  { additionalProperties: false },
);
export type Feed = Static<typeof Feed>;

const FeedFields = {
  name: Type.String({ minLength: 1, maxLength: 120 }),
  format: StringEnum(FEED_FORMATS),
  url: NullableString({ maxLength: 2000 }),
  credentials: FeedCredentials,
  tenants: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }),
  category: Type.String({ minLength: 1, maxLength: 200 }),
  every_hours: Type.Integer({ minimum: 0, maximum: 168 }),
  enabled: Type.Boolean(),
};

export const FeedCreate = Type.Object(
  {
    name: FeedFields.name,
    format: FeedFields.format,
    url: Type.Optional(FeedFields.url),
    credentials: Type.Optional(FeedFields.credentials),
    tenants: FeedFields.tenants,
    category: FeedFields.category,
    every_hours: Type.Optional(FeedFields.every_hours),
    enabled: Type.Optional(FeedFields.enabled),
  },
  { additionalProperties: false },
);
export type FeedCreate = Static<typeof FeedCreate>;

/** Credentials left out keep the stored ones; `{ auth: 'none' }` clears them. */
export const FeedUpdate = Type.Partial(Type.Object(FeedFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});
export type FeedUpdate = Static<typeof FeedUpdate>;

export const FeedParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type FeedParams = Static<typeof FeedParams>;
export const FeedRunParams = Type.Object({ id: Type.Integer({ minimum: 1 }), run: Type.Integer({ minimum: 1 }) });
export type FeedRunParams = Static<typeof FeedRunParams>;

export const StoreSuggestion = Type.Object(
  {
    store_id: Type.String(),
    store_name: Type.String(),
    /** 0–1: how alike the names (or the sites) are. */
    score: Type.Number(),
    /** 'site' when the advertiser's site is the store's; 'name' otherwise. */
    by: StringEnum(['site', 'name'] as const),
  },
  { additionalProperties: false },
);
export type StoreSuggestion = Static<typeof StoreSuggestion>;

export const FeedAdvertiser = Type.Object(
  {
    advertiser_id: Type.String(),
    name: Type.String(),
    site: NullableString(),
    /** Offers of this advertiser in the feed's last run. */
    offers: Type.Integer({ minimum: 0 }),
    /** The store an operator confirmed; null: unmapped (its offers are held back, never guessed). */
    store_id: NullableString(),
    store_name: NullableString(),
    suggestion: Type.Union([StoreSuggestion, Type.Null()]),
  },
  { additionalProperties: false },
);
export type FeedAdvertiser = Static<typeof FeedAdvertiser>;

export const AdvertiserMappings = Type.Object(
  {
    mappings: Type.Array(
      Type.Object(
        { advertiser_id: Type.String({ minLength: 1, maxLength: 200 }), store_id: NullableString({ maxLength: 24 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
export type AdvertiserMappings = Static<typeof AdvertiserMappings>;

export const FeedRunRequest = Type.Object({ dry_run: Type.Boolean() }, { additionalProperties: false });
export type FeedRunRequest = Static<typeof FeedRunRequest>;

/** Which network's tracking link a store's coupons use when two networks carry the same code. */
export const PreferredFeed = Type.Object(
  { store_id: Type.String({ minLength: 1, maxLength: 24 }), feed_id: Type.Union([Type.Integer(), Type.Null()]) },
  { additionalProperties: false },
);
export type PreferredFeed = Static<typeof PreferredFeed>;

const answer = <T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Array>>(data: T) =>
  Type.Object(
    { success: Type.Literal(true), message: Type.Optional(Type.String()), data },
    { additionalProperties: false },
  );
export const FeedAnswer = answer(Feed);
export type FeedAnswer = Static<typeof FeedAnswer>;
export const FeedListAnswer = answer(Type.Array(Feed));
export type FeedListAnswer = Static<typeof FeedListAnswer>;
export const FeedAdvertisersAnswer = answer(Type.Array(FeedAdvertiser));
export type FeedAdvertisersAnswer = Static<typeof FeedAdvertisersAnswer>;
export const FeedRunAnswer = answer(FeedRun);
export type FeedRunAnswer = Static<typeof FeedRunAnswer>;
export const FeedRunsAnswer = answer(Type.Array(FeedRun));
export type FeedRunsAnswer = Static<typeof FeedRunsAnswer>;
