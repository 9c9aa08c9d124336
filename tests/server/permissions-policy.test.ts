import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsPolicy } from '../../src/server/plugins/permissions-policy';
import { DATABASES, postJson, startTestApp, type TestApp } from './helpers/test-app';

// Issue 18: documents carry a Permissions-Policy (powerful features off unless the tenant's domain data needs them), and
// no answer sets a cookie (there is no cookie today; one added later must be HttpOnly, SameSite=Lax, Secure on HTTPS).
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

  it('sets no cookie on documents, API answers or forms', async () => {
    const answers = [
      await page('one.localhost'),
      await t.app.inject({ url: '/api/end-user/website-data/fetchByDomain', headers: { host: 'one.localhost' } }),
    ];
    const sub = await postJson(t.app, '/end-user/newsletter/email-subscribe', { email_id: 'cookie-check@example.com' });
    expect(sub.headers['set-cookie']).toBeUndefined();
    for (const a of answers) expect(a.headers['set-cookie']).toBeUndefined();
  });
});

describe('permissionsPolicy', () => {
  it('ignores names it does not know', () => {
    expect(permissionsPolicy(['camera', 'usb', 'camera'])).toBe(
      'camera=(self), microphone=(), geolocation=(), payment=()',
    );
  });
});
