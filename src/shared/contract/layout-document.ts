import { Type, type Static } from '@sinclair/typebox';
import { Settings } from './layout-common';
import { StringEnum } from './schema-kit';
import { SECTION_TYPES } from './sections';
import { LAYOUT_KINDS, LAYOUT_SCHEMA_VERSIONS, LAYOUT_SLOTS, PLACEMENTS, SCHEDULE_INSTANT_PATTERN } from './values';

// The layout document around the sections. schemas/layout-envelope.schema.json is written from LayoutEnvelope and
// schemas/layout.schema.json from LayoutDocument, whose type enum and if/then come from the tables of sections/.
// The TypeScript types of documents are the generics of src/shared/layout/types.ts, on the same lists (values.ts).

/** One section as the envelope checks it: its settings are only known to be an object. */
export const EnvelopeSection = Settings({
  id: Type.String({
    description: 'kebab-case, unique within the document.',
    pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
    maxLength: 60,
  }),
  type: Type.String({ minLength: 1 }),
  placement: StringEnum(PLACEMENTS, {
    description: "sidebar puts the section in the home page's side column.",
    default: 'main',
  }),
  settings: Type.Unsafe<Record<string, unknown>>({ type: 'object' }),
});

/** schemas/layout-envelope.schema.json without its $schema line; the browser checks a document with it first. */
export const LayoutEnvelope = Settings(
  {
    $schema: Type.Optional(Type.String()),
    schemaVersion: Type.Unsafe<(typeof LAYOUT_SCHEMA_VERSIONS)[number]>({
      description:
        'Version 2 adds tenants, schedule and experiment; a version 1 document is read through src/shared/layout/migrate.ts (npm run layouts:migrate rewrites it).',
      enum: [...LAYOUT_SCHEMA_VERSIONS],
    }),
    kind: StringEnum(LAYOUT_KINDS),
    slot: StringEnum(LAYOUT_SLOTS, { description: 'mobile is used by the mobile footer only.', default: 'main' }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    serves: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      description:
        'home_page values this document answers to; ["*"] makes it the default of its kind and slot (then "*" must be the only entry). May be left out (empty) when tenants is given.',
      uniqueItems: true,
      default: [],
    }),
    tenants: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$', maxLength: 253 }), {
        description:
          'Schema version 2. Host names (lower case, no port) this document is for: for them it wins over documents that only match by serves.',
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
      }),
    ),
    schedule: Type.Optional(
      Settings(
        {
          from: Type.Optional(Type.String({ pattern: SCHEDULE_INSTANT_PATTERN, description: 'First instant served.' })),
          until: Type.Optional(
            Type.String({ pattern: SCHEDULE_INSTANT_PATTERN, description: 'First instant no longer served.' }),
          ),
        },
        {
          description:
            "Schema version 2. When the document serves: from (inclusive) until (exclusive), either optional. ISO 8601, e.g. 2026-11-27T00:00:00Z; without Z or an offset the time is read in the tenant's time_zone (domain data, default UTC).",
        },
      ),
    ),
    experiment: Type.Optional(
      Settings(
        {
          id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 60 }),
          variant: Type.String({
            pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
            maxLength: 60,
            description: 'The variant named "control" is what bots get (else the first file of the experiment).',
          }),
          weight: Type.Integer({
            minimum: 0,
            maximum: 100,
            description: 'Percent of shoppers; the weights sum to 100.',
          }),
        },
        {
          description:
            'Schema version 2. Two or more documents of the same kind and audience with the same id split the shoppers by weight (sticky by a first-party cookie). Stopping the experiment = removing this field.',
        },
      ),
    ),
    sections: Type.Array(Type.Unsafe<Static<typeof EnvelopeSection>>({ $ref: '#/definitions/section' }), {
      minItems: 1,
      maxItems: 50,
    }),
  },
  {
    $id: 'https://dealdeck.dev/schemas/layout-envelope.schema.json',
    title: 'Dealdeck layout document envelope',
    description:
      'The document around the sections: kind, slot, serves and a list of sections whose settings are only checked to be objects. layout.schema.json adds the per-type settings; the browser checks this envelope first and then each section with its own precompiled validator, skipping what fails.',
    definitions: { section: EnvelopeSection },
  },
);

/** The settings of a section of this type are checked by schemas/sections/<type>.schema.json. */
const settingsOfType = (type: string) => ({
  if: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
  then: { type: 'object', properties: { settings: { $ref: `sections/${type}.schema.json` } } },
});

/** schemas/layout.schema.json without its $schema line: the envelope, and each section's settings by its type. */
export const LayoutDocument = {
  $id: 'https://dealdeck.dev/schemas/layout.schema.json',
  title: 'Dealdeck layout document',
  description:
    'A home, header or footer variant. The envelope (kind, slot, serves, sections) is layout-envelope.schema.json; each section\'s settings are checked by schemas/sections/<type>.schema.json, chosen by the section\'s type. Rules a schema cannot express (unique section ids, section types allowed per kind, banner positions inside the grid, offset + count <= fetchLimit, "*" alone in serves, slot mobile for footers only) are checked by src/shared/layout/cross-field.ts.',
  type: 'object',
  allOf: [{ $ref: 'layout-envelope.schema.json' }],
  properties: { sections: { type: 'array', items: { $ref: '#/definitions/section' } } },
  definitions: {
    section: {
      type: 'object',
      properties: { type: { description: 'The section type; picks the settings schema.', enum: [...SECTION_TYPES] } },
      allOf: SECTION_TYPES.map(settingsOfType),
    },
  },
};
