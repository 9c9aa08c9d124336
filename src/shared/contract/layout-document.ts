import { Type, type Static } from '@sinclair/typebox';
import { Settings } from './layout-common';
import { StringEnum } from './schema-kit';
import { SECTION_TYPES } from './sections';
import { LAYOUT_KINDS, LAYOUT_SLOTS, PLACEMENTS } from './values';

// The layout document around the sections. schemas/layout-envelope.schema.json is written from LayoutEnvelope and
// schemas/layout.schema.json from LayoutDocument, whose type enum and if/then come from the table of sections.ts.
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
    schemaVersion: Type.Unsafe<1>({ const: 1 }),
    kind: StringEnum(LAYOUT_KINDS),
    slot: StringEnum(LAYOUT_SLOTS, { description: 'mobile is used by the mobile footer only.', default: 'main' }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    serves: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      description:
        'home_page values this document answers to; ["*"] makes it the default of its kind and slot (then "*" must be the only entry).',
      minItems: 1,
      uniqueItems: true,
    }),
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
