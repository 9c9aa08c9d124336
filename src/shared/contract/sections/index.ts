import { CHROME_SECTIONS } from './chrome';
import type { Kinds } from './declare';
import { EMAIL_SECTIONS } from './email';
import { HOME_SECTIONS } from './home';

// Every section type of the layout documents, declared once: its settings (schemas/sections/<type>.schema.json is
// written from them by `npm run schemas:write`, their TypeScript type is Static<>, see src/shared/layout/types.ts) and
// the document kinds it may be used in. The type enum and the if/then of schemas/layout.schema.json, the browser's
// validators and the kinds its renderer checks all come from SECTIONS.
//
// A new section type is one entry of the table of its document kind (home.ts, chrome.ts, email.ts), plus its component
// under src/client/sections and its tests. The settings follow layout-common.ts: a setting with a default is declared
// required (it is there after validation), one that may stay absent is Type.Optional; common('text') refers to a
// definition of schemas/common.schema.json.

/** Every section type, keyed by the `type` of its sections (a type is in one table: a unit test checks). */
export const SECTIONS = { ...HOME_SECTIONS, ...CHROME_SECTIONS, ...EMAIL_SECTIONS };

/** The three tables, for the check that no type is declared twice. */
export const SECTION_TABLES = [HOME_SECTIONS, CHROME_SECTIONS, EMAIL_SECTIONS] as const;

type SectionType = keyof typeof SECTIONS;

/** Every section type, sorted (the enum of schemas/layout.schema.json). */
export const SECTION_TYPES: readonly SectionType[] = (Object.keys(SECTIONS) as SectionType[]).sort();

/** Which document kinds may hold each section type. */
export const SECTION_KINDS: Readonly<Record<SectionType, Kinds>> = (() => {
  const kinds = {} as Record<SectionType, Kinds>;
  for (const type of SECTION_TYPES) kinds[type] = SECTIONS[type].kinds;
  return kinds;
})();
