import { readFile } from 'node:fs/promises';
import { dbLayoutFiles, publishedVersion, writeLayoutFiles } from '../../../src/server/layouts/db-source';
import { publishLayouts } from '../../../src/server/layouts/publish';
import type { TestApp } from './test-app';

// Layout documents and versions for the admin route tables (issue 29's studio): documents aimed at one tenant's host,
// and published versions to roll back from, written straight to the test app's database.

let n = 0;

/** A layout document aimed only at `host`, made from a shipped one, with a title of its own each time. */
export async function hostOverride(host: string, kind: 'home' | 'header', from: string): Promise<string> {
  const doc = JSON.parse(await readFile(`layouts/${kind}/${from}`, 'utf8')) as Record<string, unknown>;
  const title = `Only ${host} ${Date.now().toString(36)}${(n++).toString(36)}`;
  return JSON.stringify({ ...doc, schemaVersion: 2, title, serves: [], tenants: [host] });
}

/** The layout version in force, the shipped files published first when there is none. */
export async function layoutVersion(t: TestApp): Promise<number> {
  if ((await publishedVersion(t.db)) === 0) await publishLayouts(t.db, 'layouts', { action: 'import', author: 'test' });
  return publishedVersion(t.db);
}

/**
 * A new version: the set in force with a header aimed only at `host` added. Rolling back to the version before it
 * touches that header only.
 */
export async function versionWithHeaderFor(t: TestApp, host: string): Promise<number> {
  await layoutVersion(t);
  const files = new Map((await dbLayoutFiles(t.db, 'layouts'))!.files);
  files.set(`layouts/header/zz-only-${host.split('.')[0]}.json`, await hostOverride(host, 'header', 'default.json'));
  return writeLayoutFiles(t.db, 'layouts', files, { action: 'publish', author: 'test' });
}
