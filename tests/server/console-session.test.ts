import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../../src/server/db/repositories/admin-users';
import { upsertSystemUser } from '../../src/server/db/repositories/admin-users';
import { hashPassword } from '../../src/server/lib/credentials';
import { DEFAULT_RATE_LIMITS } from '../../src/server/routes/deps';
import { adminRoutes } from './helpers/admin-routes';
import { ADMIN_HOST, DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 25: the console on its own host, signed in by an HttpOnly SameSite=Strict cookie, every write with the
// session's CSRF token; no tenant host serves /admin or /api/admin.

interface Signed {
  /** The Cookie header the browser would send back (session and CSRF secret). */
  cookie: string;
  csrf: string;
  setCookie: string[];
}

describe.each(DATABASES)('console sessions (%s)', (kind) => {
  let t: TestApp;
  let tenantOne = '';
  beforeAll(async () => {
    // Many sign-ins here: the per-IP form limit has its own tests.
    t = await startTestApp(kind, { rateLimits: { ...DEFAULT_RATE_LIMITS, forms: { max: 1000, timeWindow: 60_000 } } });
    tenantOne = (
      await t.db.query<{ id: string }>("SELECT domain_id AS id FROM domain_hosts WHERE host = 'one.localhost'")
    )[0]!.id;
    await upsertSystemUser(t.db, {
      email: 'plain@example.com',
      passwordHash: await hashPassword('plain-user-password'),
      role: 'user',
    });
  });
  afterAll(() => t.close());

  const signIn = async (email = DEMO_ADMIN_EMAIL, password = DEMO_ADMIN_PASSWORD): Promise<Signed> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { host: ADMIN_HOST },
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    return { cookie, csrf: res.json<{ data: { csrf: string } }>().data.csrf, setCookie };
  };
  const asConsole = (s: Signed, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, o: object = {}) =>
    t.app.inject({ method, url, headers: { host: ADMIN_HOST, cookie: s.cookie, ...o }, payload: undefined });
  const patchTenant = (s: Signed, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tenants/${tenantOne}`,
      headers: { host: ADMIN_HOST, cookie: s.cookie, ...headers },
      payload: { data: { footer_text: `Edited ${Date.now()}` } },
    });

  it('serves /admin and /api/admin on the console host only: 404 on every tenant host', async () => {
    for (const host of ['one.localhost', 'two.localhost', 'localhost', '127.0.0.1']) {
      for (const url of ['/admin', '/admin/anything', '/api/admin/me', '/api/admin/session']) {
        const res = await t.app.inject({ url, headers: { host, accept: 'text/html' } });
        expect(res.statusCode, `${host}${url}`).toBe(404);
      }
    }
    // The console host: the page (404 only because this test app has no client build) and the API (401 signed out).
    expect((await t.app.inject({ url: '/api/admin/me', headers: { host: `${ADMIN_HOST}:8080` } })).statusCode).toBe(
      401,
    );
    const root = await t.app.inject({ url: '/', headers: { host: ADMIN_HOST } });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/admin');
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie and hands the page a CSRF token, never a token to keep', async () => {
    const s = await signIn();
    const session = s.setCookie.find((c) => c.startsWith('dd_console='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Strict/);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/Domain=/i); // host-only: the tenant hosts never see it
    expect(s.setCookie.find((c) => c.startsWith('dd_console_csrf='))).toMatch(
      /HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/,
    );
    const me = await asConsole(s, 'GET', '/api/admin/session');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, data: { email: DEMO_ADMIN_EMAIL, role: 'admin' } });
    expect(typeof me.json<{ data: { csrf: string } }>().data.csrf).toBe('string');
    // Wrong password, a `user`, and no session at all.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { host: ADMIN_HOST },
      payload: { email: DEMO_ADMIN_EMAIL, password: 'not it' },
    });
    expect(wrong.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { host: ADMIN_HOST },
      payload: { email: 'plain@example.com', password: 'plain-user-password' },
    });
    expect(user.statusCode).toBe(403);
    expect(user.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/admin/session', headers: { host: ADMIN_HOST } })).statusCode).toBe(401);
  });

  it('refuses a write made with the cookie but without its CSRF token, or with another session’s', async () => {
    const s = await signIn();
    const other = await signIn();
    const none = await patchTenant(s, {});
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ success: false });
    expect((await patchTenant(s, { 'x-csrf-token': 'made-up' })).statusCode).toBe(403);
    expect((await patchTenant(s, { 'x-csrf-token': other.csrf })).statusCode).toBe(403);
    // A cross-site form post: the browser sends the cookie only same-site, and no token either way.
    const form = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tenants/${tenantOne}`,
      headers: { host: ADMIN_HOST, cookie: s.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'data=x',
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    expect((await patchTenant(s, { 'x-csrf-token': s.csrf })).statusCode).toBe(200);
    // Reads need no token.
    expect((await asConsole(s, 'GET', '/api/admin/tenants')).statusCode).toBe(200);
  });

  it('refuses every admin write made with the cookie and no CSRF token, and any from another site', async () => {
    const s = await signIn();
    const writes = adminRoutes(t.app).filter((r) => !r.startsWith('GET '));
    expect(writes.length).toBeGreaterThanOrEqual(15);
    for (const route of writes) {
      const [method, path] = route.split(' ') as ['POST' | 'PATCH' | 'DELETE', string];
      const url = path.replace(/:\w+/g, '000000000000000000000000');
      const res = await t.app.inject({ method, url, headers: { host: ADMIN_HOST, cookie: s.cookie }, payload: {} });
      expect(res.statusCode, `${route} without the token`).toBe(403);
      // A browser says a request comes from another site (a form or fetch on a tenant's page): refused, token or not.
      const cross = await t.app.inject({
        method,
        url,
        headers: { host: ADMIN_HOST, cookie: s.cookie, 'x-csrf-token': s.csrf, 'sec-fetch-site': 'same-site' },
        payload: {},
      });
      expect(cross.statusCode, `${route} from another site`).toBe(403);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { host: ADMIN_HOST, 'sec-fetch-site': 'cross-site' },
      payload: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('is good only as the cookie: its token is no bearer token', async () => {
    const s = await signIn();
    const token = /dd_console=([^;]+)/.exec(s.cookie)![1]!;
    const res = await t.app.inject({
      url: '/api/admin/me',
      headers: { host: ADMIN_HOST, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('ends after 30 idle minutes and 12 hours whatever happens', async () => {
    const idle = await signIn();
    await t.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE kind = 'console' AND token_hash IN (SELECT token_hash FROM sessions WHERE kind = 'console' ORDER BY created_at DESC LIMIT 1)",
    );
    expect((await asConsole(idle, 'GET', '/api/admin/me')).statusCode).toBe(401);
    const old = await signIn();
    await t.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE kind = 'console' AND token_hash IN (SELECT token_hash FROM sessions WHERE kind = 'console' ORDER BY created_at DESC LIMIT 1)",
    );
    expect((await asConsole(old, 'GET', '/api/admin/me')).statusCode).toBe(401);
    const live = await signIn();
    expect((await asConsole(live, 'GET', '/api/admin/me')).statusCode).toBe(200);
  });

  it('signs out this session, or everywhere (other browsers and API tokens too)', async () => {
    const s = await signIn();
    const out = await asConsole(s, 'DELETE', '/api/admin/session', { 'x-csrf-token': s.csrf });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/dd_console=;/);
    expect((await asConsole(s, 'GET', '/api/admin/me')).statusCode).toBe(401);

    const here = await signIn();
    const there = await signIn();
    const api = await postJson<{ token: string }>(t.app, '/system-user/login', {
      email: DEMO_ADMIN_EMAIL,
      password: DEMO_ADMIN_PASSWORD,
    });
    const bearer = { host: ADMIN_HOST, authorization: `Bearer ${api.body.data.token}` };
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer })).statusCode).toBe(200);
    // Without the token, sign-out-everywhere is refused like any other write.
    expect((await asConsole(here, 'DELETE', '/api/admin/sessions')).statusCode).toBe(403);
    const all = await asConsole(here, 'DELETE', '/api/admin/sessions', { 'x-csrf-token': here.csrf });
    expect(all.statusCode).toBe(200);
    expect((await asConsole(there, 'GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer })).statusCode).toBe(401);
  });
});
