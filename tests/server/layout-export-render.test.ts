import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLayouts } from '../../src/server/layouts/export';
import { checkLayouts } from '../../src/server/layouts/check';
import { DEMO_TENANTS } from '../../src/server/layouts/database-tenants';
import { layoutStudio, type PublishBy } from '../../src/server/layouts/studio';
import {
  describeSettings,
  initialValue,
  resolveSchema,
  schemaIndex,
  type JsonSchema,
} from '../../src/shared/console/settings-model';
import { addSection, documentText, newDocument, type JsonObject } from '../../src/shared/console/studio-document';
import type { Bootstrap } from '../../src/shared/contract/bootstrap';
import { DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 29, "layouts:export of a console-made document passes layouts:check and renders identically from the file": a
// home variant composed as the studio composes it (a new document for a tenant, a hero slider, a store strip and a
// deals grid with the defaults the studio's forms start from), published to the database, is what a shopper of that
// tenant gets; exported to a layouts directory, a server reading those files gives that shopper the same layouts, and
// the file is already formatted as the repository's Prettier wants it.

const ADMIN: PublishBy = { author: 'admin@example.com', allowed: () => true };
const HOST = 'two.localhost';

function bootstrapOf(html: string): Bootstrap {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as Bootstrap;
}

async function settingsOf(type: string): Promise<JsonObject> {
  const files: JsonSchema[] = [JSON.parse(await readFile('schemas/common.schema.json', 'utf8')) as JsonSchema];
  for (const f of await readdir('schemas/sections'))
    files.push(JSON.parse(await readFile(path.join('schemas/sections', f), 'utf8')) as JsonSchema);
  const raw = JSON.parse(await readFile(`schemas/sections/${type}.schema.json`, 'utf8')) as JsonSchema;
  return initialValue(describeSettings(resolveSchema(raw, schemaIndex(files)))) as JsonObject;
}

describe.each(DATABASES)('a console-made layout exported to files (%s)', (kind) => {
  let dir: string;
  let fromDb: TestApp;
  let fromFiles: TestApp | undefined;
  let text = '';

  beforeAll(async () => {
    dir = path.relative(process.cwd(), await mkdtemp(path.join(tmpdir(), 'dealdeck-export-render-')));
    await cp('layouts', dir, { recursive: true });
    fromDb = await startTestApp(kind, { layoutsDir: dir, layoutsSource: 'db' });
  }, 120_000);
  afterAll(async () => {
    await fromFiles?.close();
    await fromDb.close();
    await rm(dir, { recursive: true, force: true });
  });

  const homeOf = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: HOST, accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    return bootstrapOf(res.body).layouts;
  };

  it('is served from the database, then from its exported file, with the same layouts', async () => {
    let doc = newDocument('home', 'Made in the studio', [HOST]);
    for (const type of ['hero-sliders', 'store-strip', 'deal-grid'])
      doc = addSection(doc, type, await settingsOf(type));
    text = documentText(doc);
    const studio = layoutStudio({ db: fromDb.db, dir, source: 'db' });
    const published = await fromDb.db.transaction((tx) =>
      studio.publish(tx, { path: 'home/made-in-the-studio.json', body: text }, ADMIN),
    );
    expect(published.refused).toBeNull();
    await fromDb.layouts.reload();
    const served = await homeOf(fromDb);
    expect(served?.home.file).toMatch(/made-in-the-studio\.json$/);

    expect(await exportLayouts(fromDb.db, dir)).toMatchObject({ written: [`${dir}/home/made-in-the-studio.json`] });
    const file = await readFile(path.join(dir, 'home', 'made-in-the-studio.json'), 'utf8');
    expect(file).toBe(text);
    expect((await checkLayouts([], dir, DEMO_TENANTS)).problems).toEqual([]);
    const options = { ...(await prettier.resolveConfig(path.join(dir, 'home', 'x.json'))), parser: 'json' };
    expect(await prettier.format(file, options)).toBe(file);

    fromFiles = await startTestApp(kind, { layoutsDir: dir });
    expect(await homeOf(fromFiles)).toEqual(served);
  });
});
