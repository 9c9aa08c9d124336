import path from 'node:path';
import { readConfig } from '../config';
import { checkLayouts, formatProblem } from './check';
import { contractSchemaProblems } from './contract-schemas';
import { knownTenants } from './known-tenants';

// `npm run layouts:check [--json] [FILE…]`: one line per problem (`file:line:column pointer message`) and exit 1, or
// "N documents valid" and exit 0. --json prints {checked, tenants, problems: [{file, line, column, pointer, message}]}
// for CI and editors, with the same exit code. The schemas declared in src/shared/contract are checked against it too.
// The documents are those of LAYOUTS_DIR (default layouts/), the directory the server serves and layouts:publish
// publishes: named files are checked against the rest of it.

const args = process.argv.slice(2);
const json = args.includes('--json');
const files = args.filter((arg) => arg !== '--json');
const config = readConfig();
const dir = path.relative(config.rootDir, config.layoutsDir) || '.';
const known = await knownTenants(config.databaseUrl);
const { checked, problems: documentProblems } = await checkLayouts(files, dir, known.tenants);
const problems = [...contractSchemaProblems(), ...documentProblems];
if (json) {
  console.log(JSON.stringify({ checked, tenants: known.source, problems }, null, 2));
} else {
  for (const problem of problems) console.log(formatProblem(problem));
  if (problems.length > 0) console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  else console.log(`${checked} document${checked === 1 ? '' : 's'} valid`);
}
if (problems.length > 0) process.exitCode = 1;
