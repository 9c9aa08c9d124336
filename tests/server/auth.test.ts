import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBlocked } from '../../src/server/db/repositories/users';
import { DEFAULT_RATE_LIMITS } from '../../src/server/routes/deps';
import { DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

describe.each(DATABASES)('system users (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // More sign-ups and logins than a minute's limit allows one address (the limit has tests of its own).
    const forms = { max: 100, timeWindow: 60_000 };
    t = await startTestApp(kind, { seed: false, rateLimits: { ...DEFAULT_RATE_LIMITS, forms } });
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('registers, logs in with {token, role}, and logs out (token revoked)', async () => {
    const reg = await postJson(t.app, '/system-user/register', {
      email: 'Op@Example.com',
      password: 'correct horse',
      name: 'Op',
    });
    expect(reg.status).toBe(201);
    expect(reg.body.data).toEqual({ email: 'op@example.com', name: 'Op', role: 'user' });
    expect(JSON.stringify(reg.body)).not.toContain('correct horse');
    // Issue 24: a taken email gets the answer a new one gets, byte for byte, and its account stays as it was.
    const dup = await t.app.inject({
      method: 'POST',
      url: '/system-user/register',
      payload: { email: 'op@example.com', password: 'another passphrase', name: 'Op' },
    });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/system-user/register',
      payload: { email: 'op2@example.com', password: 'another passphrase', name: 'Op' },
    });
    expect(dup.statusCode).toBe(201);
    expect(dup.statusCode).toBe(fresh.statusCode);
    expect(dup.payload).toBe(fresh.payload.replace('op2@', 'op@'));
    expect(
      (await postJson(t.app, '/system-user/login', { email: 'op@example.com', password: 'another passphrase' })).status,
    ).toBe(401);

    const login = await postJson<{ token: string; role: string }>(t.app, '/system-user/login', {
      email: 'op@example.com',
      password: 'correct horse',
    });
    expect(login.status).toBe(200);
    expect(login.body.data.role).toBe('user');
    const token = login.body.data.token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    expect((await get('/system-user/me', token)).json()).toMatchObject({ data: { email: 'op@example.com' } });
    expect((await get('/system-user/logout', token)).statusCode).toBe(200);
    const after = await get('/users/logout', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().success).toBe(false);
  });

  it('answers 401 for a missing, malformed or unknown token and for wrong credentials', async () => {
    expect((await get('/system-user/me')).statusCode).toBe(401);
    expect((await get('/users/logout', 'short')).statusCode).toBe(401);
    expect((await get('/system-user/me', 'x'.repeat(43))).statusCode).toBe(401);
    const wrong = await postJson(t.app, '/system-user/login', { email: 'op@example.com', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    const nobody = await postJson(t.app, '/system-user/login', { email: 'nobody@example.com', password: 'whatever' });
    expect(nobody.status).toBe(401);
    expect(nobody.body.message).toBe(wrong.body.message);
  });

  it("answers a blocked user's logout with 'user does not have access to the portal'", async () => {
    await postJson(t.app, '/system-user/register', {
      email: 'blocked@example.com',
      password: 'blocked but long enough',
    });
    const login = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: 'blocked@example.com',
      password: 'blocked but long enough',
    });
    await setBlocked(t.db, 'blocked@example.com', true);
    const out = await get('/users/logout', login.body.data.token);
    expect(out.statusCode).toBe(403);
    expect(out.json()).toEqual({ success: false, message: 'user does not have access to the portal' });
    const again = await postJson(t.app, '/system-user/login', {
      email: 'blocked@example.com',
      password: 'blocked but long enough',
    });
    expect(again.body.message).toBe('user does not have access to the portal');
  });

  it('rejects weak or malformed registrations', async () => {
    expect((await postJson(t.app, '/system-user/register', { email: 'x@example.com', password: 'short' })).status).toBe(
      400,
    );
    expect(
      (await postJson(t.app, '/system-user/register', { email: 'not-email', password: 'long enough' })).status,
    ).toBe(400);
    expect((await postJson(t.app, '/system-user/register', { email: 'x@example.com' })).status).toBe(400);
  });

  it('refuses a short, common or repeated password, or the email itself, and says why (issue 25)', async () => {
    const refusals = {
      'eleven char': 'at least 12 characters',
      'Password2024!': 'most common',
      qwertyuiop123: 'most common',
      abababababab: '5 different characters',
      'weak.user@example.com': 'email address',
    };
    for (const [password, why] of Object.entries(refusals)) {
      const res = await postJson(t.app, '/system-user/register', { email: 'weak.user@example.com', password });
      expect(res.status, password).toBe(400);
      expect(res.body.message, password).toContain(why);
    }
    const rows = await t.db.query('SELECT 1 FROM system_users WHERE email = $1', ['weak.user@example.com']);
    expect(rows).toEqual([]);
  });
});
