import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/db/ids';
import { startMailControl } from '../../src/server/mail/control';
import { startMailApp, type MailTestApp } from './helpers/mail-app';

// Issue 26: `npm run layouts:check` knows the tenants of the database it is pointed at: a tenant created in the console
// (six.localhost) is no "unknown tenant", whether the server holds the PGlite directory (it is asked over
// DATA_DIR/mail.sock) or not (the CLI opens the directory). A directory it can read neither way is one line, exit 2.
interface Checked {
  code: number;
  stderr: string;
  json: { tenants?: string; problems?: { message: string }[] } | null;
}

describe('layouts:check reads the tenants of the PGlite database', () => {
  let t: MailTestApp;
  let closed = false;
  let dir: string;
  const docs: Record<'six' | 'nowhere', string> = { six: '', nowhere: '' };

  const check = (file: string): Promise<Checked> =>
    new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.place.dataDir };
      delete env.DATABASE_URL;
      delete env.LAYOUTS_DIR;
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/server/layouts/check-cli.ts', '--json', file],
        { env },
        (err, stdout, stderr) => {
          let json: Checked['json'] = null;
          try {
            json = JSON.parse(stdout) as Checked['json'];
          } catch {
            // not JSON: a refusal
          }
          resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stderr, json });
        },
      );
    });

  beforeAll(async () => {
    t = await startMailApp('pglite');
    const id = newId();
    await t.db.query("INSERT INTO domains (id, key, name, home_page) VALUES ($1, 'six', 'Six', 'Home Page One')", [id]);
    await t.db.query("INSERT INTO domain_hosts (host, domain_id) VALUES ('six.localhost', $1)", [id]);
    dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-tenant-docs-'));
    const fixture = await readFile('tests/fixtures/layouts/unknown-tenant.json', 'utf8');
    for (const host of ['six', 'nowhere'] as const) {
      docs[host] = path.join(dir, `${host}.json`);
      await writeFile(docs[host], fixture.replace('nowhere.localhost', `${host}.localhost`));
    }
  });
  afterAll(async () => {
    if (!closed) await t?.close();
    await rm(t.place.dataDir, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  it("asks the running server for its tenants, and checks documents against them, not the demo's", async () => {
    const control = await startMailControl(t.place.dataDir, t.db, t.queue, { layoutsDir: 'layouts', smtp: false });
    try {
      const [six, nowhere] = await Promise.all([check(docs.six), check(docs.nowhere)]);
      expect(six).toMatchObject({ code: 0, json: { tenants: 'database', problems: [] } });
      expect(nowhere.code).toBe(1);
      expect(nowhere.json?.problems?.map((p) => p.message)).toEqual([
        'unknown tenant "nowhere.localhost": no site has this host',
      ]);
    } finally {
      await control.close();
    }
  }, 120_000);

  it('refuses in one line when the directory is held by a process that does not answer', async () => {
    const held = await check(docs.six);
    expect(held.code).toBe(2);
    expect(held.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^layouts:check: cannot read the tenants of DATA_DIR \\(.+\\): .* is open in process ${process.pid}`,
        ),
      ),
    ]);
  }, 60_000);

  it('opens the directory itself when no server holds it', async () => {
    await t.close(true);
    closed = true;
    const six = await check(docs.six);
    expect(six).toMatchObject({ code: 0, json: { tenants: 'database', problems: [] } });
  }, 60_000);
});
