import path from 'node:path';
import { fail, parseCli } from '../cli';

// `npm run schemas:write`: writes the index files of the section folders (src/sections/*.generated.ts), then every
// file of schemas/ from src/shared/contract and the folders, and removes the ones no longer declared; `npm run
// layouts:check` fails until this has run after a change of the contract or of the section folders.
parseCli({
  name: 'schemas:write',
  about:
    'Writes the index files of the section folders (src/sections/*.generated.ts), then every JSON Schema of schemas/\n' +
    'from src/shared/contract and src/sections/<type>/settings.ts, and removes the files no longer declared;\n' +
    'npm run layouts:check fails until this has run after a change of the contract or of a section folder.',
});

const { SECTIONS_SRC_DIR, writeSectionIndexes } = await import('./section-folders');
const folders = writeSectionIndexes(path.resolve(SECTIONS_SRC_DIR));
for (const name of folders.written) console.log(`wrote ${SECTIONS_SRC_DIR}/${name}`);
if (folders.problems.length > 0) fail('schemas:write', folders.problems.join('\n'));

// Imported after the index files are written: the contract reads the section types from them.
const { writeContractSchemas } = await import('./contract-schemas');
const { DEFAULT_SCHEMAS_DIR } = await import('./schemas');

const { written, removed } = writeContractSchemas();
const shown = (name: string): string => path.relative(process.cwd(), path.join(DEFAULT_SCHEMAS_DIR, name));
console.log(`${written.length} schema files written in ${shown('.') || '.'}`);
for (const name of removed) console.log(`removed ${shown(name)} (declared nowhere in src/shared/contract)`);
