import { SECTIONS } from '../../../sections/settings.generated';
import type { Kinds } from './declare';

// Every section type of the layout documents, declared once in its own folder (src/sections/<type>/settings.ts: its
// settings, their defaults and description, and the document kinds it fits). src/sections/settings.generated.ts lists
// the folders (`npm run schemas:write` writes it and schemas/sections/<type>.schema.json; `npm run layouts:check`
// fails while either is out of date). The type enum and the if/then of schemas/layout.schema.json, the browser's
// validators and the kinds its renderer checks all come from SECTIONS.
//
// The settings follow layout-common.ts: a setting with a default is declared required (it is there after validation),
// one that may stay absent is Type.Optional; common('text') refers to a definition of schemas/common.schema.json.

/** Every section type, keyed by the `type` of its sections (its folder's name). */
export { SECTIONS };

type SectionType = keyof typeof SECTIONS;

/** Every section type, sorted (the enum of schemas/layout.schema.json). */
export const SECTION_TYPES: readonly SectionType[] = (Object.keys(SECTIONS) as SectionType[]).sort();

/** Which document kinds may hold each section type. */
export const SECTION_KINDS: Readonly<Record<SectionType, Kinds>> = (() => {
  const kinds = {} as Record<SectionType, Kinds>;
  for (const type of SECTION_TYPES) kinds[type] = SECTIONS[type].kinds;
  return kinds;
})();
