import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 18: /healthz answers its status to anyone; the database's kind and latency only to an admin token.
describe.each(DATABASES)('/healthz details (%s)', (kind) => {
  let t: TestApp;
  const tokens = { admin: '', user: '' };
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const role of ['admin', 'user'] as const) {
      const email = `${role}-health@example.com`;
      await postJson(t.app, '/system-user/register', { email, password: 'correct horse battery' });
      await t.db.query('UPDATE system_users SET role = $1 WHERE email = $2', [role, email]);
      tokens[role] = (
        await postJson<{ token: string }>(t.app, '/system-user/login', { email, password: 'correct horse battery' })
      ).body.data.token;
    }
  });
  afterAll(() => t.close());

  const health = (token?: string) =>
    t.app.inject({ url: '/healthz', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers ok without details to the public and to a non-admin token', async () => {
    for (const token of [undefined, tokens.user, 'x'.repeat(40)]) {
      const res = await health(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, database: { status: 'up' } });
    }
  });

  it('adds the database kind and latency for an admin token', async () => {
    const res = await health(tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, database: { kind, status: 'up', latencyMs: expect.any(Number) } });
  });
});
