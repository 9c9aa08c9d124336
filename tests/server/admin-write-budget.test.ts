import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { hashPassword } from '../../src/server/lib/credentials';
import { ADMIN_PREFIX } from '../../src/shared/contract/admin';
import { demoAdminToken } from './helpers/admin-login';
import { ADMIN_HOST, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Operators' writes are rate-limited per operator (deps.ts, adminWrites): a stolen or scripted session cannot flood the
// database, reads are never counted, and one operator's budget is not another's.
describe('the console write budget', () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  const call = (token: string, method: 'GET' | 'POST', payload?: object) =>
    t.app.inject({
      method,
      url: `${ADMIN_PREFIX}/categories`,
      ...(payload ? { payload } : {}),
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await startTestApp('pglite', { rateLimits: { adminWrites: { max: 3, timeWindow: 60_000 } } });
    admin = await demoAdminToken(t.app);
    const hash = await hashPassword('password-for-tests');
    await upsertSystemUser(t.db, { email: 'second-admin@example.com', passwordHash: hash, role: 'admin' });
    const login = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: 'second-admin@example.com',
      password: 'password-for-tests',
    });
    other = login.body.data.token;
  });
  afterAll(() => t.close());

  it('answers 429 past an operator’s budget, with when to try again, and writes nothing more', async () => {
    for (let i = 0; i < 3; i++) expect((await call(admin, 'POST', { name: `Budget ${i}` })).statusCode).toBe(201);
    const refused = await call(admin, 'POST', { name: 'Budget 3' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many changes from your account; please try again in \d+ seconds\.$/,
    );
    expect(await t.db.query('SELECT 1 FROM categories WHERE name = $1', ['Budget 3'])).toEqual([]);
    // Reads are not changes: never counted.
    expect((await call(admin, 'GET')).statusCode).toBe(200);
    // Another operator has a budget of their own.
    expect((await call(other, 'POST', { name: 'Budget other' })).statusCode).toBe(201);
  });
});
