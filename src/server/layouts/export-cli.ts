import path from 'node:path';
import { parseCli, toolDatabase } from '../cli';

// `npm run layouts:export`: the documents the database publishes (LAYOUTS_SOURCE=db, the layout studio) written into
// LAYOUTS_DIR as their exact texts, and the kind folders' other *.json files removed, so `git diff` shows what the
// console changed and the files can be committed. Nothing published yet: exit 1, nothing touched.
parseCli({
  name: 'layouts:export',
  about:
    "Writes the database's published layout documents into LAYOUTS_DIR as their exact texts and removes the other\n" +
    '*.json files of its kind folders (home, header, footer, email); prints what it wrote and removed. The way back\n' +
    'from the layout studio to files; npm run layouts:import goes the other way. On PGlite, stop the server first.',
  database: 'existing',
  env: ['LAYOUTS_DIR: where the documents are written (default ./layouts)'],
});

const { readConfig } = await import('../config');
const { exportLayouts } = await import('./export');

const config = readConfig();
const dir = path.relative(config.rootDir, config.layoutsDir) || '.';
const { db } = await toolDatabase('layouts:export', config);
try {
  const [table] = await db.query<{ t: string | null }>("SELECT to_regclass('layout_publication')::text AS t");
  const result = table?.t ? await exportLayouts(db, dir) : null;
  if (!result) {
    console.error('layouts:export: nothing is published in the database yet: nothing written');
    process.exitCode = 1;
  } else {
    for (const file of result.written) console.log(`wrote ${file}`);
    for (const file of result.removed) console.log(`removed ${file}`);
    console.log(
      `version ${result.version} in ${dir}/: ${result.written.length} written, ${result.removed.length} removed, ` +
        `${result.unchanged} unchanged`,
    );
  }
} finally {
  await db.close();
}
