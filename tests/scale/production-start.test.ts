import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SETUP_PATH } from '../../src/shared/console/accounts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { npmStart, standInClient } from './npm-start';
import { freePorts, missingServices, POSTGRES_URL, reportMissing } from './services';
import { until } from '../helpers/wait';

// Issue 25, done when "a production-mode start on an empty PostgreSQL database has no account with a known password
// and prints how to create the first one": the real server (`npm start`'s command) with NODE_ENV=production on a
// database of its own (dd_first_<random>, created and dropped here), DEMO unset.
const missing = await missingServices({ postgres: true });
if (missing) reportMissing('production-start', missing);

const [PORT] = await freePorts(1);
const DATABASE = `dd_first_${randomBytes(4).toString('hex')}`;
const withDatabase = (name: string): string => {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.href;
};
const root = process.cwd();
const origin = `http://127.0.0.1:${PORT}`;

/** A POST from Node; the console's API answers on its own host only (ADMIN_HOST, admin.localhost by default). */
function post(url: string, body: unknown): Promise<{ status: number; body: { message?: string } }> {
  const data = JSON.stringify(body);
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path: url,
        method: 'POST',
        headers: {
          host: `${url.startsWith('/api/admin') ? 'admin.localhost' : 'localhost'}:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function onAdminDatabase<T>(work: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(missing !== null)('a production start on an empty PostgreSQL database', () => {
  let server: ChildProcess | undefined;
  let output = '';
  let work = '';

  beforeAll(async () => {
    await onAdminDatabase(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${DATABASE}`);
    });
    work = await mkdtemp(path.join(tmpdir(), 'dealdeck-production-start-'));
    await standInClient(path.join(work, 'client'));
    const start = npmStart(root);
    start.prepare();
    server = spawn(process.execPath, start.nodeArgs, {
      cwd: root,
      env: {
        ...start.env,
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        DATABASE_URL: withDatabase(DATABASE),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        CLIENT_DIR: path.join(work, 'client'),
        DATA_DIR: path.join(work, 'data'),
        LOG_LEVEL: 'warn',
        // Production refuses to start without the feeds' credential key (src/server/config.ts configProblems).
        FEED_SECRET_KEY: randomBytes(32).toString('hex'),
      },
    });
    server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const started = server;
    await until(
      async () => {
        if (started.exitCode !== null) throw new Error(`the server exited (${started.exitCode}):\n${output}`);
        return fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { message: () => `the server starts:\n${output}`, timeoutMs: 120_000, everyMs: 200 },
    );
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await onAdminDatabase((c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
    if (work) await rm(work, { recursive: true, force: true });
  }, 60_000);

  const setupToken = (): string | undefined =>
    output.match(new RegExp(`http://admin.localhost:${PORT}/admin#setup=([A-Za-z0-9_-]+)`))?.[1];

  it('has no account and no demo data, and the demo password does not sign in', async () => {
    const counts = await onAdminDatabase(
      async (c) =>
        (
          await c.query<{ users: number; tenants: number }>(
            'SELECT (SELECT count(*)::int FROM system_users) AS users, (SELECT count(*)::int FROM domains) AS tenants',
          )
        ).rows[0],
      DATABASE,
    );
    expect(counts).toEqual({ users: 0, tenants: 0 });
    const login = await post('/system-user/login', { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD });
    expect(login.status).toBe(401);
    expect(output).not.toContain(DEMO_ADMIN_PASSWORD);
  });

  it('prints a one-time setup link and the admin:create command, which make the first admin once', async () => {
    expect(output).toContain('No admin account yet');
    expect(output).toContain('npm run admin:create');
    const token = setupToken();
    expect(token, output).toBeDefined();

    const first = await post(ADMIN_SETUP_PATH, { token, email: 'owner@example.com', password: 'my own long secret' });
    expect(first.status, first.body.message).toBe(201);
    const second = await post(ADMIN_SETUP_PATH, { token, email: 'other@example.com', password: 'my own long secret' });
    expect(second.status).toBe(409);
    const login = await post('/system-user/login', { email: 'owner@example.com', password: 'my own long secret' });
    expect(login.status).toBe(200);
    const admins = await onAdminDatabase(
      async (c) => (await c.query("SELECT email FROM system_users WHERE role = 'admin'")).rows,
      DATABASE,
    );
    expect(admins).toEqual([{ email: 'owner@example.com' }]);
  });
});
