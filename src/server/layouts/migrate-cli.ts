import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { LAYOUT_KINDS } from '../../shared/contract/values';
import { CURRENT_SCHEMA_VERSION, migrate, needsMigration, versionOf } from '../../shared/layout/migrate';
import { parseJson } from '../../shared/layout/parse-json';
import { readConfig } from '../config';
import { layoutFileName } from './load';
import { versionOnlyRewrite } from './migrate-text';

// `npm run layouts:migrate [DIR]`: rewrites every layout document of an older schema version in place, through the same
// pure migrations the loader runs (src/shared/layout/migrate.ts). A step that only moves the version number (every one
// so far) changes only that number in the text (./migrate-text.ts); a document changed otherwise would be written whole,
// formatted as the repository formats JSON. Files that are not JSON or of no known version are left alone and listed;
// run `npm run layouts:check` afterwards.

const dir = process.argv[2] ?? readConfig().layoutsDir;
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
