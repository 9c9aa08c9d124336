import { readFile } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../src/shared/contract/bootstrap';
import type { StudioDocumentAnswer, StudioOverview, StudioProblem } from '../../src/shared/contract/layout-studio';
import type { ClusterBus } from '../../src/server/cluster/bus';
import {
  DEMO_ADMIN_EMAIL,
  grantTenants,
  tenantIdByHost,
  upsertSystemUser,
} from '../../src/server/db/repositories/admin-users';
import { hashPassword } from '../../src/server/lib/credentials';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, DATABASES, postJson, previewQuery, startTestApp, type TestApp } from './helpers/test-app';

// Issue 29, the layout studio's API on a real database (LAYOUTS_SOURCE=db): drafts (broken ones too), the server's
// check in layouts:check's words, publishing a document as a new version that shoppers get at once, refusals that
// change nothing, rollbacks, the editors' reach, a draft in a granted preview, and a server serving files refusing to
// publish.

const P = '/api/admin/layouts';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type Overview = StudioOverview['data'];
type DocumentData = StudioDocumentAnswer['data'];

/** A home override for `tenants`, made from a shipped document (as an operator would start one). */
async function homeOverride(title: string, tenants: string[], serves: string[] = []): Promise<string> {
  const doc = JSON.parse(await readFile('layouts/home/latest-deals.json', 'utf8')) as Record<string, unknown>;
  return `${JSON.stringify({ ...doc, schemaVersion: 2, title, serves, ...(tenants.length ? { tenants } : {}) }, null, 2)}\n`;
}

function homeOf(html: string): { file: string; title: string } {
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  const home = (JSON.parse(m?.[1] ?? '{}') as Bootstrap).layouts?.home;
  return { file: home?.file ?? '', title: home?.doc.title ?? '' };
}

async function signIn(t: TestApp, email: string, role: 'editor', hosts: string[]): Promise<string> {
  const id = await upsertSystemUser(t.db, { email, passwordHash: await hashPassword('password-for-tests'), role });
  await grantTenants(t.db, id, await Promise.all(hosts.map(async (h) => (await tenantIdByHost(t.db, h))!)));
  return (await postJson<{ token: string }>(t.app, '/system-user/login', { email, password: 'password-for-tests' }))
    .body.data.token;
}

function client(t: () => TestApp) {
  const call = async <T>(method: InjectOptions['method'], url: string, token: string, payload?: object) => {
    const res = await t().app.inject({
      method,
      url,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<{ success: boolean; message?: string; data: T }>() };
  };
  return {
    call,
    page: async (host: string) =>
      homeOf((await t().app.inject({ url: '/', headers: { host, accept: 'text/html', 'user-agent': BROWSER } })).body),
  };
}

describe.each(DATABASES)('the layout studio, publishing to the database (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let one: string;
  let two: string;
  const notices: string[] = [];
  const bus: ClusterBus = {
    publish: (topic, data) => notices.push(`${topic}:${data}`),
    subscribe: () => undefined,
    instanceId: 'test',
    ready: Promise.resolve(),
  };
  const { call, page } = client(() => t);
  const overview = async () => (await call<Overview>('GET', P, admin)).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind, { layoutsSource: 'db', bus });
    admin = await demoAdminToken(t.app);
    one = await signIn(t, 'one-editor@example.com', 'editor', ['one.localhost']);
    two = await signIn(t, 'two-editor@example.com', 'editor', ['two.localhost']);
  }, 120_000);
  afterAll(() => t.close());

  it('keeps a broken draft, answers its problems (pointer "" for broken JSON) and lists it', async () => {
    const broken = '{ "kind": "home", ';
    const saved = await call<{ problems: StudioProblem[] }>('POST', `${P}/home/zz-new.json/draft`, two, {
      body: broken,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.problems).toContainEqual(
      expect.objectContaining({ file: 'layouts/home/zz-new.json', pointer: '' }),
    );
    const doc = (await call<DocumentData>('GET', `${P}/home/zz-new.json`, admin)).body.data;
    expect(doc).toMatchObject({ draft: { body: broken, updated_by: 'two-editor@example.com' }, published: null });
    const listed = await overview();
    expect(listed).toMatchObject({ source: 'db', version: 0 });
    expect(listed.documents.find((d) => d.path === 'home/zz-new.json')).toMatchObject({ published: false, title: '' });
    expect(listed.documents.find((d) => d.path === 'home/latest-deals.json')).toMatchObject({
      published: true,
      title: 'Default home page with latest deals',
      draft: null,
    });
    expect((await call('DELETE', `${P}/home/zz-new.json/draft`, two)).status).toBe(200);
    expect((await call('DELETE', `${P}/home/zz-new.json/draft`, two)).status).toBe(404);
  });

  it('audits a draft when it starts or changes hands, not each autosave', async () => {
    const audited = async () =>
      (
        await t.db.query<{ user_email: string; action: string }>(
          "SELECT user_email, action FROM admin_audit WHERE entity = 'layout draft' AND entity_id = $1 ORDER BY id",
          ['home/zz-audit.json'],
        )
      ).map((r) => `${r.action} by ${r.user_email}`);
    for (const n of [1, 2, 3]) await call('POST', `${P}/home/zz-audit.json/draft`, two, { body: `{ "n": ${n} }` });
    expect(await audited()).toEqual(['update by two-editor@example.com']);
    await call('POST', `${P}/home/zz-audit.json/draft`, admin, { body: '{ "n": 4 }' });
    await call('POST', `${P}/home/zz-audit.json/draft`, admin, { body: '{ "n": 5 }' });
    await call('DELETE', `${P}/home/zz-audit.json/draft`, admin);
    expect(await audited()).toEqual([
      'update by two-editor@example.com',
      `update by ${DEMO_ADMIN_EMAIL}`,
      `delete by ${DEMO_ADMIN_EMAIL}`,
    ]);
  });

  it('checks a text within the set in force and names the file and pointer as layouts:check does', async () => {
    const shipped = await readFile('layouts/home/top-deals.json', 'utf8');
    const good = await call<{ problems: StudioProblem[] }>('POST', `${P}/check`, one, {
      path: 'home/top-deals.json',
      body: shipped,
    });
    expect(good.body.data.problems).toEqual([]);
    const misplaced = shipped.replace('"kind": "home"', '"kind": "header"');
    const bad = await call<{ problems: StudioProblem[] }>('POST', `${P}/check`, one, {
      path: 'home/top-deals.json',
      body: misplaced,
    });
    expect(bad.body.data.problems).toContainEqual({
      file: 'layouts/home/top-deals.json',
      pointer: '/kind',
      message: 'a document in home/ must have kind "home", not "header"',
    });
  });

  it('publishes a document as a new version that shoppers get at once, drops its draft and tells the others', async () => {
    const text = await homeOverride('Studio special', ['one.localhost']);
    await call('POST', `${P}/home/zz-studio.json/draft`, admin, { body: text });
    const published = await call<{ version: number }>('POST', `${P}/home/zz-studio.json/publish`, admin, {
      body: text,
      note: 'first try',
    });
    expect(published.status).toBe(200);
    // Version 1 is the files the server served until then (recorded so the studio can return to them), 2 this one.
    expect(published.body.data.version).toBe(2);
    expect(notices).toContain('layouts:2');
    expect(await page('one.localhost')).toEqual({
      file: expect.stringMatching(/zz-studio\.json$/),
      title: 'Studio special',
    });
    expect((await page('two.localhost')).file).not.toMatch(/zz-studio/);
    const doc = (await call<DocumentData>('GET', `${P}/home/zz-studio.json`, admin)).body.data;
    expect(doc).toMatchObject({ draft: null, published: { body: text } });

    const edited = await homeOverride('Studio special, edited', ['one.localhost']);
    expect((await call('POST', `${P}/home/zz-studio.json/publish`, admin, { body: edited })).status).toBe(200);
    expect((await page('one.localhost')).title).toBe('Studio special, edited');
    const { version, versions } = await overview();
    expect(version).toBe(3);
    expect(versions[0]).toMatchObject({ version: 3, action: 'publish', changed: ['home/zz-studio.json'] });
    expect(versions[1]).toMatchObject({
      version: 2,
      author: DEMO_ADMIN_EMAIL,
      note: 'first try',
      changed: ['home/zz-studio.json'],
    });
    // The first version is the files in force: nothing was recorded before it, so it changed everything.
    expect(versions[2]).toMatchObject({ version: 1, action: 'import', author: 'LAYOUTS_DIR' });
    expect(versions[2]!.changed).toEqual(expect.arrayContaining(['home/latest-deals.json', 'header/default.json']));
    expect(versions[2]!.changed).not.toContain('home/zz-studio.json');
  });

  it('refuses a publication with a problem, listing every one, and changes nothing', async () => {
    const before = await overview();
    const shown = await page('one.localhost');
    const broken = (await homeOverride('Broken', ['nowhere.example'])).replace('"kind": "home"', '"kind": "footer"');
    const checked = await call<{ problems: StudioProblem[] }>('POST', `${P}/check`, admin, {
      path: 'home/zz-studio.json',
      body: broken,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `${P}/home/zz-studio.json/publish`,
      headers: { host: ADMIN_HOST, authorization: `Bearer ${admin}` },
      payload: { body: broken },
    });
    expect(refused.statusCode).toBe(422);
    const answer = refused.json<{ success: boolean; problems: StudioProblem[] }>();
    expect(answer.success).toBe(false);
    expect(answer.problems.length).toBeGreaterThan(0);
    expect(answer.problems).toEqual(checked.body.data.problems);
    expect(await overview()).toEqual(before);
    expect(await page('one.localhost')).toEqual(shown);
  });

  it('rolls back to an earlier version as a new one, checked again', async () => {
    const first = (await call<{ body: string | null }>('GET', `${P}/home/zz-studio.json/versions/2`, one)).body.data;
    expect(first.body).toContain('"Studio special"');
    const absent = await call<{ body: string | null }>('GET', `${P}/home/zz-studio.json/versions/1`, one);
    expect(absent.body.data.body).toBeNull();
    expect((await call('GET', `${P}/home/zz-studio.json/versions/99`, one)).status).toBe(404);

    const rolled = await call<{ version: number }>('POST', `${P}/rollback`, admin, { version: 2, note: 'undo' });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.version).toBe(4);
    expect(notices).toContain('layouts:4');
    expect((await page('one.localhost')).title).toBe('Studio special');
    const doc = (await call<DocumentData>('GET', `${P}/home/zz-studio.json`, admin)).body.data;
    expect(doc.published?.body).toBe(first.body);
    expect(doc.versions.map((v) => [v.version, v.action])).toEqual([
      [4, 'rollback'],
      [3, 'publish'],
      [2, 'publish'],
    ]);
    // Back to the files served before the console published anything: the override is gone.
    expect((await call('POST', `${P}/rollback`, admin, { version: 1 })).status).toBe(200);
    expect((await page('one.localhost')).file).not.toMatch(/zz-studio/);
    expect((await call<DocumentData>('GET', `${P}/home/zz-studio.json`, admin)).body.data.published).toBeNull();
    expect((await call('POST', `${P}/rollback`, admin, { version: 4 })).status).toBe(200);
    expect((await call('POST', `${P}/rollback`, admin, { version: 99 })).status).toBe(404);
  });

  it("lets an editor publish only documents aimed at their own tenants' hosts", async () => {
    // Tenant one's own override (published above), edited by tenant one's editor.
    const ownText = await homeOverride('One only', ['one.localhost']);
    expect((await call('POST', `${P}/home/zz-studio.json/publish`, one, { body: ownText })).status).toBe(200);
    const refusals = [
      // Aimed at another tenant too.
      [one, 'home/zz-both.json', await homeOverride('Both', ['two.localhost', 'three.localhost'])],
      // A home_page value reaches every tenant choosing it, now or later.
      [one, 'home/zz-served.json', await homeOverride('Served', [], ['Home Page Nine'])],
      // The published text reaches tenant one: tenant two's editor may not take it over.
      [two, 'home/zz-studio.json', await homeOverride('Taken', ['two.localhost'])],
    ] as const;
    for (const [token, path, body] of refusals) {
      const res = await call('POST', `${P}/${path}/publish`, token, { body });
      expect(res.status, `${path}: ${res.body.message}`).toBe(403);
      expect(res.body.message).toBe('Only an admin may publish a layout other tenants use.');
    }
    const { version } = await overview();
    // Rolling back would take tenant one's document away: theirs to do, not tenant two's editor's.
    expect((await call('POST', `${P}/rollback`, two, { version: version - 1 })).status).toBe(403);
    expect((await call('POST', `${P}/rollback`, one, { version: version - 1 })).status).toBe(200);
  });

  it('serves a draft to a granted preview (a document that exists only as a draft too), else 404', async () => {
    const draft = await homeOverride('Only a draft', ['one.localhost']);
    await call('POST', `${P}/home/zz-draft-only.json/draft`, one, { body: draft });
    const preview = (layout: string, query: string) =>
      t.app.inject({ url: `/layouts/${layout}${query}`, headers: { host: 'one.localhost' } });
    const granted = await previewQuery(t, 'one.localhost', { layout: 'home/zz-draft-only.json' });
    const res = await preview('home/zz-draft-only.json', granted);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(draft);
    expect((await preview('home/zz-draft-only.json', '')).statusCode).toBe(404);
    expect((await preview('home/zz-studio.json', granted)).statusCode).toBe(404);
    // Without a draft: the published text.
    const published = (await call<DocumentData>('GET', `${P}/home/zz-studio.json`, admin)).body.data.published;
    const studio = await previewQuery(t, 'one.localhost', { layout: 'home/zz-studio.json' });
    expect((await preview('home/zz-studio.json', studio)).body).toBe(published?.body);
  });
});

describe.each(DATABASES)('the layout studio on a server serving files (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const { call } = client(() => t);
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await demoAdminToken(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('drafts, checks and reads, but refuses to publish with 409', async () => {
    const text = await homeOverride('Files', ['one.localhost']);
    expect((await call('POST', `${P}/home/zz-files.json/draft`, admin, { body: text })).status).toBe(200);
    const checked = await call<{ problems: StudioProblem[] }>('POST', `${P}/check`, admin, {
      path: 'home/zz-files.json',
      body: text,
    });
    expect(checked.body.data.problems).toEqual([]);
    expect((await call<Overview>('GET', P, admin)).body.data).toMatchObject({ source: 'files', version: 0 });
    for (const [url, body] of [
      [`${P}/home/zz-files.json/publish`, { body: text }],
      [`${P}/rollback`, { version: 1 }],
    ] as const) {
      const res = await call('POST', url, admin, body);
      expect(res.status, url).toBe(409);
      expect(res.body.message).toMatch(/^This server serves layouts from files \(LAYOUTS_SOURCE=files\): /);
    }
    expect((await call<DocumentData>('GET', `${P}/home/zz-files.json`, admin)).body.data.draft?.body).toBe(text);
  });
});
