import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { checkLayouts } from '../../src/server/layouts/check';
import { DEMO_TENANTS } from '../../src/server/layouts/database-tenants';
import { publishedTexts } from '../../src/server/layouts/db-source';
import { exportLayouts } from '../../src/server/layouts/export';
import { layoutStudio, type PublishBy } from '../../src/server/layouts/studio';
import { DATABASES, dropSchema, newPlace, openDb, type DbPlace } from './helpers/test-app';

// Issue 29: a document made in the layout studio goes to git through `npm run layouts:export`. Published through the
// studio, exported into a layouts directory, the files are the published texts byte for byte, layouts:check finds
// nothing wrong in them, and what the set no longer holds is gone. The studio's check says what layouts:check says.
const ADMIN: PublishBy = { author: 'admin@example.com', allowed: () => true };

describe.each(DATABASES)('layouts:export after the studio published (%s)', (kind) => {
  let place: DbPlace;
  let db: Db;
  let work: string;
  let source: string;
  let target: string;

  beforeAll(async () => {
    place = await newPlace(kind);
    db = await openDb(place);
    await migrate(db);
    work = await mkdtemp(path.join(tmpdir(), 'dealdeck-export-'));
    source = path.relative(process.cwd(), path.join(work, 'source'));
    target = path.relative(process.cwd(), path.join(work, 'target'));
    await cp('layouts', source, { recursive: true });
    await cp('layouts', target, { recursive: true });
  });
  afterAll(async () => {
    if (place.schema) await dropSchema(db, place.schema);
    await db.close();
    await rm(work, { recursive: true, force: true });
    await rm(place.dataDir, { recursive: true, force: true });
  });

  it('finds nothing to export before anything is published', async () => {
    expect(await exportLayouts(db, target)).toBeNull();
  });

  it('writes the published texts exactly, removes the rest, and the files pass layouts:check', async () => {
    const studio = layoutStudio({ db, dir: source, source: 'db' });
    const doc = JSON.parse(await readFile('layouts/home/latest-deals.json', 'utf8')) as Record<string, unknown>;
    // Written the way an operator might: not the shipped files' formatting, no final newline.
    const made = JSON.stringify({
      ...doc,
      schemaVersion: 2,
      title: 'Made in the console',
      serves: [],
      tenants: ['two.localhost'],
    });
    // Version 1 records the files served until then; this publication is version 2.
    const published = await db.transaction((tx) =>
      studio.publish(tx, { path: 'home/console-made.json', body: made }, ADMIN),
    );
    expect(published).toMatchObject({ refused: null, version: 2 });
    await mkdir(path.join(target, 'home'), { recursive: true });
    await writeFile(path.join(target, 'home', 'stale.json'), '{}');

    const result = await exportLayouts(db, target);
    expect(result).toMatchObject({
      version: 2,
      written: [`${target}/home/console-made.json`],
      removed: [`${target}/home/stale.json`],
    });
    const texts = await publishedTexts(db);
    expect(result!.unchanged).toBe(texts.size - 1);
    for (const [stored, text] of texts) expect(await readFile(path.join(target, stored), 'utf8'), stored).toBe(text);
    expect((await checkLayouts([], target, DEMO_TENANTS)).problems).toEqual([]);
    // Nothing left to do the second time.
    expect(await exportLayouts(db, target)).toMatchObject({ written: [], removed: [], unchanged: texts.size });
  });

  it("checks a text with layouts:check's problems, file and pointer alike", async () => {
    const studio = layoutStudio({ db, dir: target, source: 'db' });
    const shipped = await readFile(path.join(target, 'home', 'top-deals.json'), 'utf8');
    const broken = shipped
      .replace('"kind": "home"', '"kind": "footer"')
      .replace(/"serves": \[[^\]]*\]/, '"serves": []');
    const problems = await studio.check('home/top-deals.json', broken);
    await writeFile(path.join(target, 'home', 'top-deals.json'), broken);
    const checked = await checkLayouts([], target, DEMO_TENANTS);
    await writeFile(path.join(target, 'home', 'top-deals.json'), shipped);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems).toEqual(checked.problems.map(({ file, pointer, message }) => ({ file, pointer, message })));
  });
});
