import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { scryptHash } from '../../src/server/lib/credentials';
import { DATABASES, postJson, startTestApp, type TestApp, ADMIN_HOST } from './helpers/test-app';

// Issue 15: argon2id for new hashes, legacy scrypt hashes still accepted and upgraded at login; the demo admin;
// blocking a user from the console ends their sessions and gives the SPEC's message.
describe.each(DATABASES)('console accounts (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const hashOf = async (email: string) =>
    (
      await t.db.query<{ password_hash: string }>('SELECT password_hash FROM system_users WHERE email = $1', [email])
    )[0]!.password_hash;
  const login = (email: string, password: string) =>
    postJson<{ token: string; role: string }>(t.app, '/system-user/login', { email, password });

  it('seeds the demo admin with an argon2id hash', async () => {
    expect(await hashOf(DEMO_ADMIN_EMAIL)).toMatch(/^\$argon2id\$/);
    const res = await login(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('admin');
  });

  it('hashes registrations with argon2id', async () => {
    const reg = await postJson(t.app, '/system-user/register', {
      email: 'new@example.com',
      password: 'otter-lantern-quietly',
    });
    expect(reg.status).toBe(201);
    expect(await hashOf('new@example.com')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('accepts a legacy scrypt hash once, then stores argon2id', async () => {
    await upsertSystemUser(t.db, {
      email: 'legacy@example.com',
      passwordHash: await scryptHash('old password'),
      role: 'editor',
    });
    expect(await hashOf('legacy@example.com')).toMatch(/^scrypt\$/);
    expect((await login('legacy@example.com', 'wrong password')).status).toBe(401);
    expect(await hashOf('legacy@example.com')).toMatch(/^scrypt\$/);
    expect((await login('legacy@example.com', 'old password')).status).toBe(200);
    expect(await hashOf('legacy@example.com')).toMatch(/^\$argon2id\$/);
    expect((await login('legacy@example.com', 'old password')).status).toBe(200);
  });

  it("blocking a user ends their sessions; their login then reads 'user does not have access to the portal'", async () => {
    await postJson(t.app, '/system-user/register', {
      email: 'soon-blocked@example.com',
      password: 'otter-lantern-quietly',
    });
    const theirs = (await login('soon-blocked@example.com', 'otter-lantern-quietly')).body.data.token;
    const admin = (await login(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).body.data.token;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/soon-blocked@example.com',
      payload: { is_blocked: true },
      headers: { host: ADMIN_HOST, authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    // Their session is over, and its next call or logout says why (SPEC §4, §8), not a bare "log in again".
    const me = await t.app.inject({ url: '/system-user/me', headers: { authorization: `Bearer ${theirs}` } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ success: false, message: 'user does not have access to the portal' });
    const adminMe = await t.app.inject({
      url: '/api/admin/me',
      headers: { host: ADMIN_HOST, authorization: `Bearer ${theirs}` },
    });
    expect(adminMe.statusCode).toBe(403);
    const out = await t.app.inject({ url: '/system-user/logout', headers: { authorization: `Bearer ${theirs}` } });
    expect(out.statusCode).toBe(403);
    expect(out.json().message).toBe('user does not have access to the portal');
    const again = await login('soon-blocked@example.com', 'otter-lantern-quietly');
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('user does not have access to the portal');
    // An admin cannot lock themselves out.
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${DEMO_ADMIN_EMAIL}`,
      payload: { role: 'user' },
      headers: { host: ADMIN_HOST, authorization: `Bearer ${admin}` },
    });
    expect(self.statusCode).toBe(400);
    // Unblocked, the old token stays ended (401); a new login works.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/soon-blocked@example.com',
      payload: { is_blocked: false },
      headers: { host: ADMIN_HOST, authorization: `Bearer ${admin}` },
    });
    const old = await t.app.inject({ url: '/system-user/me', headers: { authorization: `Bearer ${theirs}` } });
    expect(old.statusCode).toBe(401);
    expect((await login('soon-blocked@example.com', 'otter-lantern-quietly')).status).toBe(200);
  });

  it('rate-limits logins per client: the eleventh in a minute answers 429 with a message', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await login('nobody@example.com', 'wrong password'));
    expect(answers.slice(-2).map((a) => a.status)).toEqual([429, 429]);
    expect(answers[11]!.body).toMatchObject({ success: false, message: expect.any(String) });
    // Even the right password waits out the window.
    expect((await login(DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD)).status).toBe(429);
  });
});
