import path from 'node:path';
import { parseCli } from '../cli';

// `npm run schemas:write`: writes every file of schemas/ from src/shared/contract and removes the ones it no longer
// declares; `npm run layouts:check` fails until this has run after a change of the contract.
parseCli({
  name: 'schemas:write',
  about:
    'Writes every JSON Schema of schemas/ from src/shared/contract and removes the files it no longer declares;\n' +
    'npm run layouts:check fails until this has run after a change of the contract.',
});

const { writeContractSchemas } = await import('./contract-schemas');
const { DEFAULT_SCHEMAS_DIR } = await import('./schemas');

const { written, removed } = writeContractSchemas();
const shown = (name: string): string => path.relative(process.cwd(), path.join(DEFAULT_SCHEMAS_DIR, name));
console.log(`${written.length} schema files written in ${shown('.') || '.'}`);
for (const name of removed) console.log(`removed ${shown(name)} (declared nowhere in src/shared/contract)`);
