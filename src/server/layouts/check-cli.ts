import path from 'node:path';
import { fail, parseCli } from '../cli';

// `npm run layouts:check [--json] [FILE…]`: one line per problem (`file:line:column pointer message`) and exit 1, or
// "N documents valid" and exit 0. --json prints {checked, tenants, problems: [{file, line, column, pointer, message}]}
// for CI and editors, with the same exit code. The schemas declared in src/shared/contract are checked against it too.
// The documents are those of LAYOUTS_DIR (default layouts/), the directory the server serves and layouts:publish
// publishes: named files are checked against the rest of it. Tenants are the database's (known-tenants.ts).
const { values, positionals: files } = parseCli({
  name: 'layouts:check',
  positionals: '[FILE…]',
  about:
    'Checks the layout documents of LAYOUTS_DIR (or the named files, against the rest of it) and schemas/ against the\n' +
    'contract: one line per problem (file:line:column pointer message) and exit 1, or "N documents valid" and exit 0.\n' +
    "Tenants named in documents are checked against the database's sites; without a database, the demo tenants.",
  options: {
    json: { type: 'boolean', help: 'print {checked, tenants, problems} as JSON (same exit code)' },
  },
  env: [
    'LAYOUTS_DIR: the documents (default ./layouts)',
    'DATABASE_URL, else the PGlite database in DATA_DIR (default ./data), read through the running server when it',
    '  holds that directory: the tenants; none there: the demo tenants. Nothing is created.',
  ],
});

// The section folders first: the contract (and every check below) imports their index files.
const { SECTIONS_SRC_DIR, sectionIndexProblems } = await import('./section-folders');
const folderProblems = sectionIndexProblems(path.resolve(SECTIONS_SRC_DIR));
if (folderProblems.length > 0) {
  if (values.json) {
    const problems = folderProblems.map((line) => {
      const [file = '', ...message] = line.split(': ');
      return { file, pointer: '', message: message.join(': ') };
    });
    console.log(JSON.stringify({ checked: 0, tenants: null, problems }, null, 2));
  } else for (const line of folderProblems) console.log(line);
  fail(
    'layouts:check',
    `${folderProblems.length} section folder problem(s): fix them before the documents are checked`,
    1,
  );
}

const { readConfig } = await import('../config');
const { checkLayouts, formatProblem } = await import('./check');
const { contractSchemaProblems } = await import('./contract-schemas');
const { knownTenants, Unreadable } = await import('./known-tenants');

const config = readConfig();
const dir = path.relative(config.rootDir, config.layoutsDir) || '.';
const known = await knownTenants(config, (line) => console.error(`layouts:check: ${line}`)).catch((err: unknown) =>
  err instanceof Unreadable ? fail('layouts:check', err.message) : Promise.reject(err),
);
const { checked, problems: documentProblems } = await checkLayouts(files, dir, known.tenants);
const problems = [...contractSchemaProblems(), ...documentProblems];
if (values.json) {
  console.log(JSON.stringify({ checked, tenants: known.source, problems }, null, 2));
} else {
  for (const problem of problems) console.log(formatProblem(problem));
  if (problems.length > 0) console.log(`${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  else console.log(`${checked} document${checked === 1 ? '' : 's'} valid`);
}
if (problems.length > 0) process.exitCode = 1;
