import { sectionKinds } from 'virtual:layout-validators';
import {
  describeSettings,
  humanise,
  initialValue,
  resolveSchema,
  schemaIndex,
  type JsonSchema,
} from '../../../shared/console/settings-model';
import type { LayoutKind } from '../../../shared/contract/values';

// Issue 29: every section type the studio can add, read from the schema files rather than written per type, so a type
// added to the contract (its folder, then `npm run schemas:write`) appears here with a working form and no studio code
// changed. A folder may draw its card with src/sections/<type>/thumbnail.svg (an image only: no section code comes in).
//
// The document kinds come from the validators module (the contract's SECTION_KINDS, written at build time): the
// browser does not import the contract's TypeBox tables. That module leaves out the types only email documents hold
// (the server draws those), so a type with a schema file and no entry there is an email section.

const SCHEMA_FILE = /([^/]+)\.schema\.json$/;
const THUMBNAIL_FILE = /\/([^/]+)\/thumbnail\.svg$/;

const commonFiles = import.meta.glob<JsonSchema>('../../../../schemas/common.schema.json', {
  eager: true,
  import: 'default',
});
const sectionFiles = import.meta.glob<JsonSchema>('../../../../schemas/sections/*.schema.json', {
  eager: true,
  import: 'default',
});
const thumbnails = import.meta.glob<string>('../../../sections/*/thumbnail.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

export interface CatalogueEntry {
  /** The section type (its folder's name, the `type` of its sections). */
  readonly type: string;
  /** Its name in words ("Hero sliders"). */
  readonly title: string;
  /** Its schema's description. */
  readonly description: string;
  /** The document kinds it may be used in. */
  readonly kinds: readonly LayoutKind[];
  /** Its settings schema with every $ref resolved (what SettingsForm takes). */
  readonly schema: JsonSchema;
  /** The settings of a new section: the schema's defaults and the smallest valid value of each required setting. */
  readonly defaults: () => unknown;
  /** The URL of its thumbnail.svg, or null (the studio draws a plain one). */
  readonly thumbnail: string | null;
}

/** What the catalogue is made from: the schema files, the thumbnails and the kinds, keyed by their file names. */
export interface CatalogueSources {
  common: readonly JsonSchema[];
  /** 'schemas/sections/<type>.schema.json' (any prefix) → the schema. */
  sections: Readonly<Record<string, JsonSchema>>;
  /** '…/<type>/thumbnail.svg' → its URL. */
  thumbnails: Readonly<Record<string, string>>;
  kinds: Readonly<Record<string, readonly LayoutKind[]>>;
}

/**
 * Every section type of the schema files given, sorted by type: no type is named here, so a type added to the
 * contract (its folder and schema file) is in the studio with a form, and one removed is gone.
 */
export function catalogueOf(sources: CatalogueSources): CatalogueEntry[] {
  const byId = schemaIndex([...sources.common, ...Object.values(sources.sections)]);
  const pictures = new Map<string, string>();
  for (const [file, url] of Object.entries(sources.thumbnails)) {
    const type = THUMBNAIL_FILE.exec(file)?.[1];
    if (type) pictures.set(type, url);
  }
  const entries = Object.entries(sources.sections).map(([file, raw]): CatalogueEntry => {
    const type = SCHEMA_FILE.exec(file)?.[1] ?? file;
    const schema = resolveSchema(raw, byId);
    const field = describeSettings(schema);
    return {
      type,
      title: humanise(type),
      description: raw.description ?? '',
      kinds: Object.prototype.hasOwnProperty.call(sources.kinds, type) ? sources.kinds[type]! : ['email'],
      schema,
      defaults: () => initialValue(field),
      thumbnail: pictures.get(type) ?? null,
    };
  });
  return entries.sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
}

let catalogue: readonly CatalogueEntry[] | null = null;

/** Every section type, sorted by type (built once, on first use). */
export function sectionCatalogue(): readonly CatalogueEntry[] {
  catalogue ??= catalogueOf({
    common: Object.values(commonFiles),
    sections: sectionFiles,
    thumbnails,
    kinds: sectionKinds,
  });
  return catalogue;
}

/** The entry of one type, or undefined for a type no schema file declares. */
export function catalogueEntry(type: string): CatalogueEntry | undefined {
  return sectionCatalogue().find((entry) => entry.type === type);
}
