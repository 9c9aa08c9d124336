import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import {
  dbLayoutsLoader,
  loadDbLayouts,
  pollPublishedVersion,
  publishedVersion,
} from '../../src/server/layouts/db-source';
import { loadLayouts } from '../../src/server/layouts/load';
import { publishLayouts } from '../../src/server/layouts/publish';
import { startLayouts } from '../../src/server/layouts/layout-state';
import { DATABASES, dropSchema, newPlace, openDb, silentLog, type DbPlace } from './helpers/test-app';
import { DeadlinePassed, until } from '../helpers/wait';

const IMPORT = { action: 'import', author: 'layouts:import' } as const;

// LAYOUTS_SOURCE=db (issue 17 part 2) on PGlite and PostgreSQL: layouts:publish validates like layouts:check and
// writes the files; what the server loads from the database is what it would load from the files.
describe.each(DATABASES)('layout documents in the database (%s)', (kind) => {
  let place: DbPlace;
  let db: Db;
  let work: string;
  let dir: string;

  beforeAll(async () => {
    place = await newPlace(kind);
    db = await openDb(place);
    await migrate(db);
    work = await mkdtemp(path.join(tmpdir(), 'dealdeck-layouts-db-'));
    dir = path.relative(process.cwd(), path.join(work, 'layouts'));
    await cp('layouts', dir, { recursive: true });
  });
  afterAll(async () => {
    if (place.schema) await dropSchema(db, place.schema);
    await db.close();
    await rm(work, { recursive: true, force: true });
    await rm(place.dataDir, { recursive: true, force: true });
  });

  it('serves the files until something is published, with a warning', async () => {
    expect(await loadDbLayouts(db, dir)).toBeNull();
    const warnings: string[] = [];
    const loader = dbLayoutsLoader(db, dir, (m) => warnings.push(m));
    expect((await loader.load()).documents).toEqual((await loadLayouts(dir)).documents);
    expect(loader.version()).toBe(0);
    expect(warnings.join()).toMatch(/no layouts are published yet/);
  });

  it('publishes the valid files and loads the same documents back, under the same file names', async () => {
    const result = await publishLayouts(db, dir, IMPORT);
    expect(result).toMatchObject({ published: true, version: 1 });
    const fromFiles = await loadLayouts(dir);
    const fromDb = await loadDbLayouts(db, dir);
    expect(fromDb?.version).toBe(1);
    expect(fromDb?.loaded.files).toEqual(fromFiles.files);
    expect(fromDb?.loaded.documents).toEqual(fromFiles.documents);
    expect(fromDb?.loaded.problems).toEqual([]);
  });

  it('refuses a set with a problem as a whole, naming the file as layouts:check does', async () => {
    const bad = path.join(dir, 'home', 'zz-broken.json');
    await writeFile(bad, JSON.stringify({ schemaVersion: 1, kind: 'header', title: 'x', serves: [], sections: [] }));
    const result = await publishLayouts(db, dir, IMPORT);
    await rm(bad);
    expect(result.published).toBe(false);
    if (result.published) return;
    expect(result.problems.some((p) => p.file.endsWith('home/zz-broken.json'))).toBe(true);
    expect(await publishedVersion(db)).toBe(1);
    expect((await loadDbLayouts(db, dir))?.loaded.files.some((f) => f.endsWith('zz-broken.json'))).toBe(false);
  });

  it('reloads a server loading from the database when the published version changes (polling)', async () => {
    const loader = dbLayoutsLoader(db, dir, () => undefined);
    const layouts = await startLayouts(dir, silentLog, false, { load: loader.load });
    const before = layouts.current();
    let seen = 0;
    const stop = pollPublishedVersion(db, 20, loader.version, (v) => {
      seen = v;
      void layouts.reload();
    });
    await publishLayouts(db, dir, IMPORT);
    await until(() => seen === 2 && layouts.current() !== before, {
      message: 'the poller sees version 2 and the layouts reload',
      timeoutMs: 3_000,
    }).catch((err: unknown) => {
      if (!(err instanceof DeadlinePassed)) throw err; // the expectations below say what was missing
    });
    stop();
    layouts.stop();
    expect(seen).toBe(2);
    expect(layouts.current()).not.toBe(before);
    expect(loader.version()).toBe(2);
  });
});
