import {
  KindGuard,
  Type,
  type ObjectOptions,
  type Static,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';
import { NullableInteger, StringEnum } from './schema-kit';
import { BANNER_DIMENSIONS } from './values';

// The building blocks of the layout documents' section settings, and the helpers sections/ declares settings with.
// schemas/common.schema.json is written from LayoutCommon (`npm run schemas:write`).
//
// A settings type is the value AFTER validation: ajv's useDefaults fills in every default. So a setting with a
// `default` is declared required here (Static<> has it) and Settings() drops it from the schema's `required` list
// (a document may leave it out); a setting that may stay absent is Type.Optional and has no default.

/** Keywords that may stand beside a `$ref` in the written files. */
export type RefKeywords = { description?: string; default?: unknown; type?: string; minItems?: number };

/**
 * `$ref`s to the definitions of one file, typed as the definition they point at: `refsTo(base, definitions)('text')`
 * is `{ $ref: base + 'text' }` with the type of definitions.text.
 */
export function refsTo<D extends Record<string, TSchema>>(base: string, definitions: D) {
  return <K extends keyof D & string>(name: K, keywords: RefKeywords = {}): TUnsafe<Static<D[K]>> => {
    if (!Object.prototype.hasOwnProperty.call(definitions, name)) throw new Error(`no definition ${name} for ${base}`);
    return Type.Unsafe<Static<D[K]>>({ $ref: `${base}${name}`, ...keywords });
  };
}

/**
 * An object of settings: no unknown properties, and required = the properties that are neither Type.Optional nor
 * defaulted. Throws for an optional property with a default: validation always fills it, so its type must have it.
 */
export function Settings<T extends TProperties>(
  properties: T,
  options: Omit<ObjectOptions, 'additionalProperties'> = {},
): TObject<T> {
  const schema = Type.Object(properties, { ...options, additionalProperties: false });
  for (const [key, property] of Object.entries(properties)) {
    if (KindGuard.IsOptional(property) && 'default' in property) {
      throw new Error(
        `setting ${key} has a default, so it is present after validation: declare it without Type.Optional`,
      );
    }
  }
  const written = schema as { required?: string[] };
  const required = (written.required ?? []).filter((key) => !('default' in (properties[key] as TSchema)));
  if (required.length > 0) written.required = required;
  else delete written.required;
  return schema;
}

/** An integer at most another setting's value: ajv's $data, e.g. '1/expanded' for the sibling `expanded`. */
export const IntegerUpTo = (
  dataPointer: string,
  options: { description?: string; minimum: number; default?: number },
): TUnsafe<number> => Type.Unsafe<number>({ ...options, type: 'integer', maximum: { $data: dataPointer } });

// Scalars first: the objects below refer to them.
const scalars = {
  bannerDimension: StringEnum(BANNER_DIMENSIONS, { description: 'Banner size as stored on banners (SPEC §3).' }),
  bannerSource: StringEnum(['ad', 'recommend', 'domain'], {
    description:
      "ad: ad banners of the domain (getAdBannerByDomain) of the given dimension; recommend: recommendBannerByDomain?dimension=…; domain: the tenant's banners_v2 (url, else store page, else plain image).",
  }),
  storeSource: StringEnum(['top-visited', 'latest'], {
    description:
      'top-visited: /api/end-user/store/top-visited-stores; latest: /api/end-user/store/latest-stores (newly added).',
  }),
  dealSource: StringEnum(['recommended', 'latest'], {
    description:
      'recommended: coupons of the domain (getCouponsBasedOnDomain); latest: the newest coupons of the website (coupon-list-by-website).',
  }),
  text: Type.String({ minLength: 1, maxLength: 200 }),
  longText: Type.String({ minLength: 1, maxLength: 1000 }),
  route: Type.String({ description: "An in-app path starting with '/'.", pattern: '^/[^\\s]*$', maxLength: 200 }),
  autoplayMs: NullableInteger({
    description: 'Milliseconds between slides; null turns autoplay off.',
    minimum: 500,
    maximum: 60000,
  }),
  transitionMs: Type.Integer({ minimum: 0, maximum: 5000 }),
  cut: Type.Integer({
    description: 'Maximum characters shown before the text is cut and the ellipsis appended.',
    minimum: 1,
    maximum: 500,
  }),
  ellipsis: Type.String({ maxLength: 5 }),
  expiryChars: Type.Integer({
    description: 'How many leading characters of expiry_date are shown (10 = YYYY-MM-DD).',
    minimum: 1,
    maximum: 40,
  }),
};

const scalar = refsTo('#/definitions/', scalars);

const link = Settings({ label: scalar('text'), to: scalar('route') });

const storeLabel = Settings(
  {
    field: StringEnum(['slug', 'name'], { default: 'slug' }),
    case: StringEnum(['upper', 'lower', 'as-is'], { default: 'as-is' }),
    cut: NullableInteger({ minimum: 1, maximum: 200, default: null }),
  },
  { description: 'Text under a store card: which field, its case and where it is cut (no cut when null).' },
);

const local = refsTo('#/definitions/', { ...scalars, link, storeLabel });

/** The definitions of schemas/common.schema.json, in the file's order. */
export const CommonDefinitions = {
  bannerDimension: scalars.bannerDimension,
  bannerSource: scalars.bannerSource,
  storeSource: scalars.storeSource,
  dealSource: scalars.dealSource,
  text: scalars.text,
  longText: scalars.longText,
  route: scalars.route,
  link,
  links: Type.Array(local('link'), { maxItems: 12 }),
  autoplayMs: scalars.autoplayMs,
  transitionMs: scalars.transitionMs,
  cut: scalars.cut,
  ellipsis: scalars.ellipsis,
  expiryChars: scalars.expiryChars,
  rotatingBanner: Settings(
    {
      dimension: local('bannerDimension', { default: '120 * 600' }),
      source: local('bannerSource', { default: 'recommend' }),
      autoplayMs: local('autoplayMs', { default: 2000 }),
      transitionMs: local('transitionMs', { default: 500 }),
      loop: Type.Boolean({ default: true }),
      dots: Type.Boolean({ default: false }),
    },
    { description: 'A single rotating banner column (e.g. the 120 * 600 recommend banner).' },
  ),
  storeLabel,
  storeList: Settings(
    {
      source: local('storeSource'),
      title: Type.Optional(local('text', { description: 'Heading above the stores; none when absent.' })),
      fetchLimit: Type.Integer({ minimum: 1, maximum: 100, default: 24 }),
      offset: Type.Integer({ minimum: 0, maximum: 99, default: 0 }),
      count: Type.Integer({ minimum: 1, maximum: 100 }),
      label: Type.Optional(local('storeLabel', { description: 'Text under each logo; logos only when absent.' })),
      cardText: Type.Optional(local('text', { description: "Extra text on each card, e.g. 'View all coupons'." })),
      linkTile: Type.Optional(
        local('link', { description: "A trailing tile, e.g. {label: 'Go to new stores', to: '/newlyaddedstores'}." }),
      ),
    },
    {
      description:
        'A run of stores taken from one source: the section keeps the first fetchLimit stores of the source list and shows count of them starting at offset (0-based). offset + count must not exceed fetchLimit.',
    },
  ),
};
export type CommonDefinitions = { [K in keyof typeof CommonDefinitions]: Static<(typeof CommonDefinitions)[K]> };

/** schemas/common.schema.json without its $schema line. */
export const LayoutCommon = {
  $id: 'https://dealdeck.dev/schemas/common.schema.json',
  title: 'Shared definitions for layout sections',
  description:
    'Building blocks referenced by schemas/sections/*.schema.json. Defaults live in the section schemas, next to each $ref, because they differ per section.',
  definitions: CommonDefinitions,
};

/** A setting that is one of the common definitions, as written in schemas/sections/<type>.schema.json. */
export const common = refsTo('../common.schema.json#/definitions/', CommonDefinitions);
