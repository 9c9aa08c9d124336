import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsPolicy } from '../../src/server/plugins/permissions-policy';
import { DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 18: documents carry a Permissions-Policy (powerful features off unless the tenant's domain data needs them). The
// one cookie a shopper gets is the server-signed shopper id (issue 24) with a browser's document: HttpOnly,
// SameSite=Lax (Secure over https); API answers and forms set none.
describe.each(DATABASES)('Permissions-Policy and cookies (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.db.query(`UPDATE domains SET permissions = '["payment"]'::jsonb WHERE key = 'two'`);
  });
  afterAll(() => t.close());

  const page = (host: string) => t.app.inject({ url: '/', headers: { host, accept: 'text/html' } });

  it('turns camera, microphone, geolocation and payment off on documents', async () => {
    const res = await page('one.localhost');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    const api = await t.app.inject({
      url: '/api/end-user/website-data/fetchByDomain',
      headers: { host: 'one.localhost' },
    });
    expect(api.headers['permissions-policy']).toBeUndefined();
  });

  it('allows for the site itself what its domain data lists', async () => {
    expect((await page('two.localhost')).headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(self)',
    );
  });

  it("sets only the shopper's HttpOnly, SameSite=Lax id on a document; no cookie on API answers or forms", async () => {
    const doc = await t.app.inject({
      url: '/',
      headers: {
        host: 'one.localhost',
        accept: 'text/html',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      },
    });
    const cookies = ([] as string[]).concat(doc.headers['set-cookie'] ?? []);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^dd_id=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const api = await t.app.inject({
      url: '/api/end-user/website-data/fetchByDomain',
      headers: { host: 'one.localhost' },
    });
    expect(api.headers['set-cookie']).toBeUndefined();
    const sub = await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'cookie-check@example.com' });
    expect(sub.headers['set-cookie']).toBeUndefined();
  });
});

describe('permissionsPolicy', () => {
  it('ignores names it does not know', () => {
    expect(permissionsPolicy(['camera', 'usb', 'camera'])).toBe(
      'camera=(self), microphone=(), geolocation=(), payment=()',
    );
  });
});
