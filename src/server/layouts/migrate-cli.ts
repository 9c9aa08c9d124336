import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fail, parseCli } from '../cli';

// `npm run layouts:migrate [DIR]`: rewrites every layout document of an older schema version in place, through the same
// pure migrations the loader runs (src/shared/layout/migrate.ts). A step that only moves the version number (every one
// so far) changes only that number in the text (./migrate-text.ts); a document changed otherwise would be written whole,
// formatted as the repository formats JSON. Files that are not JSON or of no known version are left alone and listed;
// run `npm run layouts:check` afterwards.
const { positionals } = parseCli({
  name: 'layouts:migrate',
  positionals: '[DIR]',
  about:
    'Rewrites every layout document of DIR (default LAYOUTS_DIR) written for an older schema version to the current\n' +
    'one, in place. Files that are not JSON or of no known version are listed and left alone (exit 1).',
  env: ['LAYOUTS_DIR: the directory when DIR is not given (default ./layouts)'],
});
if (positionals.length > 1) fail('layouts:migrate', 'one DIR at most (npm run layouts:migrate -- --help)');

const { format, resolveConfig } = await import('prettier');
const { LAYOUT_KINDS } = await import('../../shared/contract/values');
const { CURRENT_SCHEMA_VERSION, migrate, needsMigration, versionOf } = await import('../../shared/layout/migrate');
const { parseJson } = await import('../../shared/layout/parse-json');
const { readConfig } = await import('../config');
const { layoutFileName } = await import('./load');
const { versionOnlyRewrite } = await import('./migrate-text');

const dir = positionals[0] ?? readConfig().layoutsDir;
let rewritten = 0;
let skipped = 0;
for (const kind of LAYOUT_KINDS) {
  let names: string[];
  try {
    names = (await readdir(path.join(dir, kind))).filter((n) => n.endsWith('.json')).sort();
  } catch {
    continue;
  }
  for (const name of names) {
    const file = layoutFileName(dir, kind, name);
    const text = await readFile(file, 'utf8');
    const parsed = parseJson(text);
    if (!parsed.ok || versionOf(parsed.value) === null) {
      console.log(`${file}: skipped (${parsed.ok ? 'no known schemaVersion' : parsed.issue.message})`);
      skipped += 1;
      continue;
    }
    if (!needsMigration(parsed.value)) continue;
    const from = versionOf(parsed.value);
    const migrated = migrate(parsed.value) as Record<string, unknown>;
    const out =
      versionOnlyRewrite(text, parsed.value as Record<string, unknown>, migrated) ??
      (await format(JSON.stringify(migrated, null, 2), { ...((await resolveConfig(file)) ?? {}), filepath: file }));
    await writeFile(file, out);
    console.log(`${file}: schemaVersion ${from} → ${CURRENT_SCHEMA_VERSION}`);
    rewritten += 1;
  }
}
console.log(`${rewritten} document${rewritten === 1 ? '' : 's'} migrated${skipped ? `, ${skipped} skipped` : ''}`);
if (skipped > 0) process.exitCode = 1;
