import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMAILS_INDEX,
  readSectionFolders,
  sectionIndexProblems,
  SECTIONS_SRC_DIR,
  SETTINGS_INDEX,
  writeSectionIndexes,
} from '../../../src/server/layouts/section-folders';
import { SECTION_KINDS, SECTION_TYPES } from '../../../src/shared/contract/sections';
import { EMAIL_COMPONENTS } from '../../../src/sections/emails.generated';

// Issue 28: a section type is one folder (src/sections/<type>/); the two index files are written from the folders.

const dir = path.resolve(SECTIONS_SRC_DIR);
const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/** A copy of src/sections holding only the settings, section and email files and the indexes (fast to copy). */
function copyOfSections(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'dd-sections-'));
  copies.push(copy);
  cpSync(dir, copy, { recursive: true, filter: (src) => !/\.css$/.test(src) });
  return copy;
}

function addFolder(root: string, type: string, files: Record<string, string>) {
  mkdirSync(path.join(root, type));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, type, name), text);
}

describe('section folders', () => {
  it('are listed exactly by the committed index files', () => {
    expect(sectionIndexProblems(dir)).toEqual([]);
    const { folders } = readSectionFolders(dir);
    expect(folders.map((f) => f.type)).toEqual([...SECTION_TYPES]);
    expect(Object.keys(EMAIL_COMPONENTS).sort()).toEqual(folders.filter((f) => f.email).map((f) => f.type));
  });

  it('draw where their kinds say: section.tsx for page kinds, email.tsx only for email sections', () => {
    for (const { type, page, email } of readSectionFolders(dir).folders) {
      const kinds: readonly string[] = SECTION_KINDS[type as (typeof SECTION_TYPES)[number]];
      expect(page, `${type}: section.tsx`).toBe(kinds.some((kind) => kind !== 'email'));
      if (email) expect(kinds, `${type}: email.tsx`).toContain('email');
    }
  });

  it('picks up a new folder: the indexes are stale until written, then import it', () => {
    const copy = copyOfSections();
    addFolder(copy, 'coupon-ticker', {
      'settings.ts': "export default { kinds: ['home', 'email'], settings: {} };\n",
      'section.tsx': 'export default null;\n',
      'email.tsx': 'export default null;\n',
    });
    expect(sectionIndexProblems(copy)).toEqual([
      `${SECTIONS_SRC_DIR}/${SETTINGS_INDEX}: does not list the section folders; run npm run schemas:write`,
      `${SECTIONS_SRC_DIR}/${EMAILS_INDEX}: does not list the section folders; run npm run schemas:write`,
    ]);
    expect(writeSectionIndexes(copy)).toEqual({ written: [SETTINGS_INDEX, EMAILS_INDEX], problems: [] });
    expect(sectionIndexProblems(copy)).toEqual([]);
    expect(readFileSync(path.join(copy, SETTINGS_INDEX), 'utf8')).toContain(
      "import couponTicker from './coupon-ticker/settings';",
    );
    expect(readFileSync(path.join(copy, SETTINGS_INDEX), 'utf8')).toContain("  'coupon-ticker': couponTicker,\n");
    expect(readFileSync(path.join(copy, EMAILS_INDEX), 'utf8')).toContain(
      "import couponTicker from './coupon-ticker/email';",
    );
    // Removing it again: stale until written, then the index files are as committed.
    rmSync(path.join(copy, 'coupon-ticker'), { recursive: true });
    expect(sectionIndexProblems(copy)).toHaveLength(2);
    writeSectionIndexes(copy);
    for (const name of [SETTINGS_INDEX, EMAILS_INDEX])
      expect(readFileSync(path.join(copy, name), 'utf8')).toBe(readFileSync(path.join(dir, name), 'utf8'));
  });

  it('refuses a folder that cannot be a section type, naming it', () => {
    const copy = copyOfSections();
    addFolder(copy, 'Coupon_Ticker', { 'settings.ts': 'export default {};\n' });
    addFolder(copy, 'coupon-ticker', { 'section.tsx': 'export default null;\n' });
    expect(readSectionFolders(copy).problems).toEqual([
      `${SECTIONS_SRC_DIR}/Coupon_Ticker: a section folder is named as its type (lower-case words joined by "-")`,
      `${SECTIONS_SRC_DIR}/coupon-ticker: a section folder declares its settings in settings.ts (export default declareSection)`,
    ]);
    expect(writeSectionIndexes(copy).problems).toHaveLength(2);
  });
});
