import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SUB_ID_PARAM_PATTERN } from '../revenue/click-pages';
import { CSS_COLOUR_PATTERN } from '../rules/css-colour';
import { OBJECT_ID_PATTERN } from '../rules/object-id';
import { HOST_PATTERN, HTTP_URL_PATTERN, KEY_PATTERN, SLUG_PATTERN } from '../console/field-rules';
import { DomainData } from './domain-data';
import { NullableString, QueryInteger, StringEnum } from './schema-kit';
import { BANNER_DIMENSIONS, BANNER_KINDS, REDIRECTION_TYPES } from './values';

// Issue 15, the operators' console: the /api/admin/… calls. Every shape is declared here once; the routes
// (src/server/routes/admin) validate and serialise with these schemas, the console (src/admin) types its calls with them.

export { ADMIN_PREFIX } from './admin-endpoints';
export const ROLES = ['admin', 'editor', 'user'] as const;
export type Role = (typeof ROLES)[number];

const Id = Type.String({ pattern: OBJECT_ID_PATTERN });
const text = (maxLength: number, minLength = 0, title?: string) =>
  Type.String({ maxLength, minLength, ...(title ? { title } : {}) });
/** A host name as the tenancy plugin stores it: lower-case, no port. */
const Host = Type.String({ pattern: HOST_PATTERN, title: 'Host' });
const Key = Type.String({ pattern: KEY_PATTERN, title: 'Key', description: 'Stable key: a-z, 0-9, . _ -' });
const Slug = Type.String({ pattern: SLUG_PATTERN, title: 'Slug' });
/** A link or image address (issue 26): absolute http(s), the server checks the URL itself too (checkedLink). */
const HttpUrl = (title: string, minLength = 1) =>
  Type.String({ title, minLength, maxLength: 2000, pattern: minLength ? HTTP_URL_PATTERN : `^$|${HTTP_URL_PATTERN}` });

/** The console's session (issue 25): who is signed in, and the CSRF token the page sends with every write. */
export const ConsoleSession = Type.Object({
  email: Type.String(),
  role: StringEnum(['admin', 'editor'] as const),
  csrf: Type.String({ description: 'Send as the x-csrf-token header with every write; keep it in memory only.' }),
});
export type ConsoleSession = Static<typeof ConsoleSession>;
/** Signing in to the console (POST /session). */
export const ConsoleSignIn = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type ConsoleSignIn = Static<typeof ConsoleSignIn>;

/** The signed-in operator (GET /me): role and granted tenants. */
export const AdminMe = Type.Object({
  email: Type.String(),
  role: Type.String(),
  tenants: Type.Union([Type.Literal('all'), Type.Array(Type.String())]),
});
export type AdminMe = Static<typeof AdminMe>;

/** The header the console's writes carry the CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** What an operator asks to preview (issue 25): a tenant, and a layout document and/or an instant. */
export const PreviewGrantRequest = Type.Object(
  {
    tenant: Id,
    layout: Type.Optional(
      Type.String({
        pattern: '^(home|header|footer|email)/[a-z0-9][a-z0-9-]*\\.json$',
        description: 'e.g. home/x.json',
      }),
    ),
    at: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601, as the page reads ?at=' })),
  },
  { additionalProperties: false },
);
export type PreviewGrantRequest = Static<typeof PreviewGrantRequest>;

export const PreviewGrantAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    grant: Type.String(),
    /** The page's query string: ?layout=…&at=…&grant=… */
    query: Type.String(),
    expires_at: Type.String(),
  }),
});
export type PreviewGrantAnswer = Static<typeof PreviewGrantAnswer>;

/** `{ success, data }`. */
export const AdminAnswer = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()), data });

/** A page of a list: `{ success, data, total, page, per_page }`. */
export const AdminPage = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Boolean(),
    data: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
  });

/** ?page=&per_page=&q= of every list (q: a case-insensitive part of the name). */
export const AdminListQuery = Type.Object({
  page: QueryInteger({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: QueryInteger({ minimum: 1, maximum: 200, default: 50 }),
  q: Type.Optional(text(200)),
});
export type AdminListQuery = Static<typeof AdminListQuery>;

/** Lists scoped to one tenant (the stores it publishes, its banners): required for editors. */
export const TenantScopedQuery = Type.Composite([AdminListQuery, Type.Object({ tenant: Type.Optional(Id) })]);
export type TenantScopedQuery = Static<typeof TenantScopedQuery>;

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

// ---- tenants ------------------------------------------------------------------------------------------------------

/** The layout documents a tenant's home_page resolves to (file names, e.g. 'layouts/home/landing.json'). */
export const ResolvedLayoutFiles = Type.Object({
  home: NullableString(),
  header: NullableString(),
  footer: NullableString(),
  mobileFooter: NullableString(),
});

export const AdminTenant = Type.Object({
  _id: Id,
  key: Type.String(),
  hosts: Type.Array(Type.String()),
  data: DomainData,
  layouts: ResolvedLayoutFiles,
});
export type AdminTenant = Static<typeof AdminTenant>;

/** The tenants list also says which home_page values the layout documents serve (the form's select). */
export const TenantList = Type.Object({
  success: Type.Boolean(),
  data: Type.Array(AdminTenant),
  home_pages: Type.Array(Type.String()),
  layout_files: Type.Array(Type.String()),
  /** Issue 26: what each home_page value ('' too) resolves to, so the form shows a switch's effect before Save. */
  resolutions: Type.Optional(Type.Record(Type.String(), ResolvedLayoutFiles)),
});
export type TenantList = Static<typeof TenantList>;

export const TenantCreate = Type.Object(
  { key: Key, hosts: Type.Array(Host, { minItems: 1, maxItems: 20 }), data: DomainData },
  { additionalProperties: false },
);
export type TenantCreate = Static<typeof TenantCreate>;

/** Any domain-data fields (the rest stay); validated against the domain-data schema ('' clears the colour). */
export const TenantUpdate = Type.Object(
  {
    data: Type.Partial(
      Type.Composite([
        Type.Omit(DomainData, ['header_color']),
        Type.Object({ header_color: Type.String({ pattern: `^$|${CSS_COLOUR_PATTERN}` }) }),
      ]),
      { additionalProperties: false },
    ),
    hosts: Type.Optional(TenantCreate.properties.hosts),
  },
  { additionalProperties: false },
);
export type TenantUpdate = Static<typeof TenantUpdate>;

// ---- catalogue ----------------------------------------------------------------------------------------------------

const StoreFields = {
  key: Key,
  slug: Slug,
  name: text(200, 1, 'Name'),
  description: text(10_000, 0, 'Description'),
  image: NullableString({ title: 'Image URL' }),
  website_url: HttpUrl('Website', 0),
  is_archived: Type.Boolean({ title: 'Archived' }),
  is_paused: Type.Boolean({ title: 'Paused' }),
  desktop_redirection_type: StringEnum(REDIRECTION_TYPES, { title: 'Redirect type' }),
  /** Issue 31: links of a network Dealdeck does not recognise carry the click's sub-ID in this query parameter. */
  sub_id_param: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    pattern: SUB_ID_PARAM_PATTERN,
    title: 'Sub-ID parameter',
    description: "The query parameter of this store's tracking links that carries the click id (other networks only)",
  }),
};
export const AdminStore = Type.Object({
  _id: Id,
  ...StoreFields,
  /** Ids of the tenants publishing the store. */
  tenants: Type.Array(Type.String()),
  coupons: Type.Integer(),
});
export type AdminStore = Static<typeof AdminStore>;
export const StoreCreate = Type.Object(
  {
    key: StoreFields.key,
    slug: StoreFields.slug,
    name: StoreFields.name,
    description: Type.Optional(StoreFields.description),
    image: Type.Optional(StoreFields.image),
    website_url: Type.Optional(StoreFields.website_url),
    desktop_redirection_type: Type.Optional(StoreFields.desktop_redirection_type),
    sub_id_param: Type.Optional(StoreFields.sub_id_param),
    is_paused: Type.Optional(StoreFields.is_paused),
    /** Tenants to publish it on (an editor must name one of theirs). */
    tenants: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type StoreCreate = Static<typeof StoreCreate>;
/** archive / pause are is_archived / is_paused here. */
export const StoreUpdate = Type.Partial(
  Type.Object(
    {
      slug: StoreFields.slug,
      name: StoreFields.name,
      description: StoreFields.description,
      image: StoreFields.image,
      website_url: StoreFields.website_url,
      is_archived: StoreFields.is_archived,
      is_paused: StoreFields.is_paused,
      desktop_redirection_type: StoreFields.desktop_redirection_type,
      sub_id_param: StoreFields.sub_id_param,
      tenants: Type.Array(Id, { maxItems: 100 }),
    },
    { additionalProperties: false },
  ),
  { additionalProperties: false },
);
export type StoreUpdate = Static<typeof StoreUpdate>;

/**
 * A paused coupon or banner is hidden from shoppers everywhere (lists, search, counts; a paused coupon's reveal and
 * redirect answer 404) until it is resumed (false). To the shopper archiving would be the same: there is no other flag.
 */
const Paused = Type.Boolean({
  title: 'Paused',
  description: "Paused: hidden from shoppers (a coupon's reveal answers 404) until set back to false",
});

/** A coupon's start or end: ISO 8601 (a date, or a date-time with Z or an offset; the console sends instants). */
const CouponDate = (title: string, description: string) => NullableString({ title, description, maxLength: 40 });
const CouponFields = {
  name: text(500, 1, 'Name'),
  title: text(500, 0, 'Title'),
  description: text(10_000, 0, 'Description'),
  category: text(200, 1, 'Category'),
  code: NullableString({ title: 'Code', description: 'The code to copy; null (empty) makes the coupon a deal.' }),
  expiry_date: CouponDate('End date', 'ISO 8601 date or date-time; null: no expiry'),
  link: HttpUrl('Link'),
  is_recommended: Type.Boolean({ title: 'Exclusive', description: 'Shown as exclusive / recommended.' }),
  is_paused: Paused,
  /** Issue 26: when the coupon starts (its created_at, as a feed's start_date sets it); null on create: now. */
  start_date: CouponDate('Start date', 'ISO 8601 date or date-time; null: now'),
};
export const AdminCoupon = Type.Object({
  _id: Id,
  key: Type.String(),
  store_id: Id,
  store_name: Type.String(),
  ...CouponFields,
  start_date: Type.String(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;
export const CouponCreate = Type.Object(
  {
    key: Type.Optional(Key),
    store_id: Id,
    name: CouponFields.name,
    title: Type.Optional(CouponFields.title),
    description: Type.Optional(CouponFields.description),
    category: CouponFields.category,
    code: Type.Optional(CouponFields.code),
    expiry_date: Type.Optional(CouponFields.expiry_date),
    link: CouponFields.link,
    is_recommended: Type.Optional(CouponFields.is_recommended),
    start_date: Type.Optional(CouponFields.start_date),
    is_paused: Type.Optional(CouponFields.is_paused),
  },
  { additionalProperties: false },
);
export type CouponCreate = Static<typeof CouponCreate>;
/** Every field of a coupon, and (issue 26) its store. */
export const CouponUpdate = Type.Partial(
  Type.Object({ ...CouponFields, store_id: Id }, { additionalProperties: false }),
  { additionalProperties: false },
);
export type CouponUpdate = Static<typeof CouponUpdate>;
export const CouponListQuery = Type.Composite([TenantScopedQuery, Type.Object({ store: Type.Optional(Id) })]);
export type CouponListQuery = Static<typeof CouponListQuery>;

export const AdminCategory = Type.Object({ name: Type.String(), position: Type.Integer(), coupons: Type.Integer() });
export type AdminCategory = Static<typeof AdminCategory>;
export const CategoryCreate = Type.Object(
  { name: text(200, 1), position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })) },
  { additionalProperties: false },
);
export type CategoryCreate = Static<typeof CategoryCreate>;
export const CategoryUpdate = Type.Partial(CategoryCreate, { additionalProperties: false });
export type CategoryUpdate = Static<typeof CategoryUpdate>;
export const CategoryParams = Type.Object({ name: text(200, 1) });
export type CategoryParams = Static<typeof CategoryParams>;

const BannerFields = {
  banner_dimension: StringEnum(BANNER_DIMENSIONS, { title: 'Size' }),
  kind: StringEnum(BANNER_KINDS, { title: 'Kind' }),
  image_upload: text(2000, 1, 'Image URL'),
  image_url: NullableString({ title: 'Second image URL' }),
  redirect_url: HttpUrl('Link'),
  store_id: NullableString({ title: 'Store' }),
  position: Type.Integer({ minimum: 0, maximum: 1_000_000, title: 'Position' }),
  is_paused: Paused,
};
export const AdminBanner = Type.Object({ _id: Id, domain_id: Id, ...BannerFields });
export type AdminBanner = Static<typeof AdminBanner>;
export const BannerCreate = Type.Object(
  {
    domain_id: Id,
    banner_dimension: BannerFields.banner_dimension,
    kind: BannerFields.kind,
    image_upload: BannerFields.image_upload,
    image_url: Type.Optional(BannerFields.image_url),
    redirect_url: BannerFields.redirect_url,
    store_id: Type.Optional(BannerFields.store_id),
    position: Type.Optional(BannerFields.position),
  },
  { additionalProperties: false },
);
export type BannerCreate = Static<typeof BannerCreate>;
export const BannerUpdate = Type.Partial(Type.Object(BannerFields, { additionalProperties: false }), {
  additionalProperties: false,
});
export type BannerUpdate = Static<typeof BannerUpdate>;

// ---- CSV import ---------------------------------------------------------------------------------------------------

export const IMPORT_KINDS = ['coupons', 'stores'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const ImportQuery = Type.Object({ dry_run: Type.Optional(StringEnum(['0', '1', 'true', 'false'])) });
export type ImportQuery = Static<typeof ImportQuery>;
export const ImportParams = Type.Object({ kind: StringEnum(IMPORT_KINDS) });
export type ImportParams = Static<typeof ImportParams>;

/** A row the import refused: its line in the file (the header is line 1), the column, and why. */
export const ImportRowError = Type.Object({
  line: Type.Integer(),
  column: Type.Optional(Type.String()),
  message: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;
export const ImportReport = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({
    dry_run: Type.Boolean(),
    rows: Type.Integer(),
    created: Type.Integer(),
    updated: Type.Integer(),
    errors: Type.Array(ImportRowError),
  }),
});
export type ImportReport = Static<typeof ImportReport>;

// ---- audit --------------------------------------------------------------------------------------------------------

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  user_email: Type.String(),
  action: Type.String(),
  entity: Type.String(),
  entity_id: NullableString(),
  domain_id: NullableString(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  /**
   * Issue 26: what an operator recognises instead of ids. The entity's name (a store's or coupon's name, a tenant's
   * site name, a user's email, a banner's size and link), now or as the entry recorded it; the tenant's site name; the
   * operator's name (their email when they have none).
   */
  entity_name: NullableString(),
  tenant_name: NullableString(),
  user_name: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

// ---- users --------------------------------------------------------------------------------------------------------

export const AdminUser = Type.Object({
  _id: Id,
  email: Type.String(),
  name: Type.String(),
  role: StringEnum(ROLES),
  is_blocked: Type.Boolean(),
  /** Tenant ids granted to an editor. */
  tenants: Type.Array(Type.String()),
});
export type AdminUser = Static<typeof AdminUser>;

/** Sets a system user's role, blocks or unblocks them, and (editors) replaces their granted tenants. */
export const UserUpdate = Type.Object(
  {
    role: Type.Optional(StringEnum(ROLES)),
    is_blocked: Type.Optional(Type.Boolean()),
    tenants: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;
export const UserParams = Type.Object({ email: Type.String({ minLength: 3, maxLength: 320 }) });
export type UserParams = Static<typeof UserParams>;
