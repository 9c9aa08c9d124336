import { Type, type Static } from '@sinclair/typebox';
import { CSS_COLOUR_PATTERN } from '../rules/css-colour';
import { POLICY_FEATURES } from './values';

// A tenant's domain (website) data, SPEC §1 and §3: the API's answer, the bootstrap's `domain`, and the file operators
// and editors see, schemas/domain-data.schema.json, which `npm run layouts:check` keeps equal to this declaration.

const text = (maxLength: number) => Type.String({ maxLength });

export const DomainContact = Type.Object(
  { email: Type.Optional(text(320)), phone: Type.Optional(text(100)), address: Type.Optional(text(1000)) },
  { additionalProperties: false },
);
export type DomainContact = Static<typeof DomainContact>;

export const DomainBannerV2 = Type.Object(
  {
    image: Type.String({ minLength: 1, maxLength: 2000 }),
    url: Type.Optional(text(2000)),
    storeId: Type.Optional(text(100)),
  },
  { additionalProperties: false },
);
export type DomainBannerV2 = Static<typeof DomainBannerV2>;

export const DomainData = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    logo: Type.Optional(text(2000)),
    favicon: Type.Optional(text(2000)),
    header_color: Type.Optional(
      Type.String({
        description:
          'A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba()/hsl()/hsla() with numbers only, or a named colour.',
        pattern: CSS_COLOUR_PATTERN,
      }),
    ),
    header_html: Type.Optional(text(100000)),
    header_js: Type.Optional(text(100000)),
    meta_tag: Type.Optional(text(10000)),
    meta_description: Type.Optional(text(2000)),
    home_page: text(200),
    footer_about_us: Type.Optional(text(10000)),
    footer_text: Type.Optional(text(10000)),
    contact: Type.Optional(DomainContact),
    banners_v2: Type.Optional(
      Type.Array(DomainBannerV2, {
        description:
          'Domain banners: linked to url when present, else to the store page when storeId is set, else a plain image.',
        maxItems: 100,
      }),
    ),
    google_verification_tag: Type.Optional(text(10000)),
    footer_js: Type.Optional(text(100000)),
    affiliate_disclosure: Type.Optional(
      Type.String({
        description:
          'Plain-text affiliate (FTC) disclosure shown above every list of offers; empty or absent gives the default text.',
        maxLength: 500,
      }),
    ),
    time_zone: Type.Optional(
      Type.String({
        description:
          'IANA time zone of the site, e.g. "Europe/Berlin" (default UTC): layout schedules written without an offset are read in it.',
        pattern: '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$',
        maxLength: 64,
      }),
    ),
    permissions: Type.Optional(
      // Literals, not StringEnum: the server checks stored rows with TypeBox's Value, which cannot read an Unsafe schema.
      // No uniqueItems: the browser's standalone validators would need ajv's equal() at run time; a repeat is harmless.
      Type.Array(Type.Union(POLICY_FEATURES.map((f) => Type.Literal(f))), {
        description:
          "Browser features this site's own scripts (header_js, footer_js) need; the rest stay off in the Permissions-Policy header.",
        maxItems: POLICY_FEATURES.length,
      }),
    ),
  },
  {
    $id: 'https://dealdeck.dev/schemas/domain-data.schema.json',
    title: 'Dealdeck domain (website) data',
    description:
      "Per-domain branding and settings (SPEC §1, §3). Image paths are relative to the asset base unless they contain 'http'. home_page picks the layouts (Home Page One to Five; any other value gets the defaults).",
    additionalProperties: false,
  },
);
export type DomainData = Static<typeof DomainData>;

/** The API's answers refer to the schema the server registered under its $id, as they always have. */
export const DOMAIN_DATA_REF = Type.Unsafe<DomainData>({ $ref: `${DomainData.$id ?? ''}#` });
