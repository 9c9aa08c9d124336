import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SETUP_PATH } from '../../src/shared/console/accounts';
import { DEMO_ADMIN_EMAIL } from '../../src/server/db/repositories/admin-users';
import { prepareDatabase, type StartLog } from '../../src/server/open-database';
import { ADMIN_HOST, DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 25: outside demo mode an empty database gets no account, and the start prints a one-time link that sets up
// the first admin once; in demo mode the demo admin is there and no link is printed.
const ORIGIN = 'http://admin.localhost:8080';

function recordingLog(): StartLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => void lines.push(m), warn: (m) => void lines.push(m) };
}
/** The token of the setup link a start printed. */
const tokenIn = (lines: string[]): string | undefined =>
  lines.join('\n').match(/http:\/\/admin\.localhost:8080\/admin#setup=([A-Za-z0-9_-]+)/)?.[1];

describe.each(DATABASES)('the first admin outside demo mode (%s)', (kind) => {
  let t: TestApp;
  const users = async () =>
    t.db.query<{ email: string; role: string }>('SELECT email, role FROM system_users ORDER BY email');
  const setup = (token: string, email: string, password = 'a long and private phrase') =>
    postJson<{ email: string; role: string }>(t.app, ADMIN_SETUP_PATH, { token, email, password }, ADMIN_HOST);

  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false });
  });
  afterAll(() => t.close());

  it('starts with no account and prints a one-time setup link and the admin:create way', async () => {
    const log = recordingLog();
    await prepareDatabase(t.db, false, log, ORIGIN);
    expect(await users()).toEqual([]);
    expect(tokenIn(log.lines)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(log.lines.join('\n')).toContain('npm run admin:create');
    expect(log.lines.join('\n')).not.toContain('dealdeck-demo-admin');
    // Only the token's hash is kept.
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM admin_setup_tokens');
    expect(stored.map((r) => r.token_hash)).not.toContain(tokenIn(log.lines));
  });

  it('refuses a weak password or an unknown token without using the link up', async () => {
    const log = recordingLog();
    await prepareDatabase(t.db, false, log, ORIGIN);
    const token = tokenIn(log.lines)!;
    const weak = await setup(token, 'owner@example.com', 'Password2024!');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('most common');
    const unknown = await setup('x'.repeat(43), 'owner@example.com');
    expect(unknown.status).toBe(403);
    expect(unknown.body.message).toContain('setup link does not work');
    expect(await users()).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const log = recordingLog();
    await prepareDatabase(t.db, false, log, ORIGIN);
    await t.db.query("UPDATE admin_setup_tokens SET expires_at = now() - interval '1 second'");
    expect((await setup(tokenIn(log.lines)!, 'owner@example.com')).status).toBe(403);
    expect(await users()).toEqual([]);
  });

  it('makes exactly one admin from two links used at once, then refuses every link; the admin signs in', async () => {
    const [a, b] = [recordingLog(), recordingLog()];
    await prepareDatabase(t.db, false, a, ORIGIN);
    await prepareDatabase(t.db, false, b, ORIGIN);
    const answers = await Promise.all([
      setup(tokenIn(a.lines)!, 'first@example.com'),
      setup(tokenIn(b.lines)!, 'second@example.com'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const admins = await users();
    expect(admins).toHaveLength(1);
    expect(admins[0]!.role).toBe('admin');
    expect(answers.find((r) => r.status === 201)!.body.data).toMatchObject({ email: admins[0]!.email, role: 'admin' });

    const again = await setup(tokenIn(a.lines)!, 'third@example.com');
    expect(again.status).toBe(409);
    expect(await t.db.query('SELECT 1 FROM admin_setup_tokens')).toEqual([]);
    expect(await users()).toHaveLength(1);

    const login = await postJson<{ token: string; role: string }>(t.app, '/system-user/login', {
      email: admins[0]!.email,
      password: 'a long and private phrase',
    });
    expect(login.body.data.role).toBe('admin');
    const audit = await t.db.query<{ action: string; entity: string }>(
      'SELECT action, entity FROM admin_audit WHERE user_email = $1',
      [admins[0]!.email],
    );
    expect(audit).toEqual([{ action: 'create', entity: 'user' }]);
  });

  it('prints no link once an admin exists', async () => {
    const log = recordingLog();
    await prepareDatabase(t.db, false, log, ORIGIN);
    expect(tokenIn(log.lines)).toBeUndefined();
    expect(await t.db.query('SELECT 1 FROM admin_setup_tokens')).toEqual([]);
  });
});

describe.each(DATABASES)('demo mode and the demo admin (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { seed: false });
  });
  afterAll(() => t.close());

  it('seeds the demo data and the demo admin into an empty database, and prints no link', async () => {
    const log = recordingLog();
    await prepareDatabase(t.db, true, log, ORIGIN);
    const admins = await t.db.query<{ email: string }>("SELECT email FROM system_users WHERE role = 'admin'");
    expect(admins).toEqual([{ email: DEMO_ADMIN_EMAIL }]);
    expect(tokenIn(log.lines)).toBeUndefined();
    expect(log.lines.join('\n')).toContain('dealdeck-demo-admin');
  });

  it('warns at a start outside demo mode while the demo admin keeps its published password', async () => {
    const log = recordingLog();
    await prepareDatabase(t.db, false, log, ORIGIN);
    expect(log.lines.join('\n')).toContain(`${DEMO_ADMIN_EMAIL} still signs in with the published demo password`);
    await t.db.query('UPDATE system_users SET is_blocked = true WHERE email = $1', [DEMO_ADMIN_EMAIL]);
    const after = recordingLog();
    await prepareDatabase(t.db, false, after, ORIGIN);
    expect(after.lines).toEqual([]);
  });
});
