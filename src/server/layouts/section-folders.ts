import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// A section type is a folder, src/sections/<type>/: settings.ts (the document kinds it fits, its settings, their
// defaults and description), section.tsx (its page component, found by the page registry's import.meta.glob) and
// email.tsx (how the digest draws it), each where the type has one. Node and the type checker need the folders as
// imports, so `npm run schemas:write` writes two index files from them (never edited by hand), and `npm run
// layouts:check` and a unit test fail while either is out of date.

export const SECTIONS_SRC_DIR = 'src/sections';
export const SETTINGS_INDEX = 'settings.generated.ts';
export const EMAILS_INDEX = 'emails.generated.ts';

const TYPE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface SectionFolder {
  type: string;
  /** section.tsx: drawn on pages. */
  page: boolean;
  /** email.tsx: drawn in email documents. */
  email: boolean;
}

export interface SectionFolders {
  folders: SectionFolder[];
  /** Folders that can't be a section type (`src/sections/<name>: why`). */
  problems: string[];
}

/** The section folders under `dir`, sorted by type, and what is wrong with any folder that is not one. */
export function readSectionFolders(dir: string): SectionFolders {
  const folders: SectionFolder[] = [];
  const problems: string[] = [];
  const names = readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort();
  for (const name of names) {
    const shown = `${SECTIONS_SRC_DIR}/${name}`;
    const has = (file: string) => existsSync(path.join(dir, name, file));
    if (!TYPE_NAME.test(name))
      problems.push(`${shown}: a section folder is named as its type (lower-case words joined by "-")`);
    else if (!has('settings.ts'))
      problems.push(`${shown}: a section folder declares its settings in settings.ts (export default declareSection)`);
    else folders.push({ type: name, page: has('section.tsx'), email: has('email.tsx') });
  }
  return { folders, problems };
}

/** A property key as Prettier writes it: quoted only when it must be. */
const key = (type: string) => (/^[a-z][a-z0-9]*$/.test(type) ? type : `'${type}'`);
const identifier = (type: string) => type.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const HEADER = (what: string) =>
  `// Written by \`npm run schemas:write\` from the folders of src/sections: ${what}.\n` +
  '// Do not edit: add or remove a folder and run it again (`npm run layouts:check` fails until then).\n';

/** The two index files of `folders`: file name → its text. */
export function sectionIndexFiles(folders: readonly SectionFolder[]): Record<string, string> {
  const index = (what: string, file: string, name: string, doc: string, list: readonly SectionFolder[]) =>
    HEADER(what) +
    list.map((f) => `import ${identifier(f.type)} from './${f.type}/${file}';\n`).join('') +
    `\n/** ${doc} */\nexport const ${name} = {\n` +
    list.map((f) => `  ${key(f.type)}: ${identifier(f.type)},\n`).join('') +
    '};\n';
  return {
    [SETTINGS_INDEX]: index(
      "each folder's settings.ts",
      'settings',
      'SECTIONS',
      'Every section type, keyed by the `type` of its sections (its folder), sorted.',
      folders,
    ),
    [EMAILS_INDEX]: index(
      "each folder's email.tsx",
      'email',
      'EMAIL_COMPONENTS',
      'The email component of every section type that has one, keyed by type.',
      folders.filter((f) => f.email),
    ),
  };
}

/** What is out of date in `dir` (a folder that is not a section, an index file that differs from the folders). */
export function sectionIndexProblems(dir: string): string[] {
  const { folders, problems } = readSectionFolders(dir);
  for (const [name, text] of Object.entries(sectionIndexFiles(folders))) {
    const file = path.join(dir, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current !== text)
      problems.push(`${SECTIONS_SRC_DIR}/${name}: does not list the section folders; run npm run schemas:write`);
  }
  return problems;
}

/** Writes the index files of `dir` (only those that change); returns the names written. */
export function writeSectionIndexes(dir: string): { written: string[]; problems: string[] } {
  const { folders, problems } = readSectionFolders(dir);
  const written: string[] = [];
  for (const [name, text] of Object.entries(sectionIndexFiles(folders))) {
    const file = path.join(dir, name);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    written.push(name);
  }
  return { written, problems };
}
