import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS, ADMIN_PREFIX, adminPath } from '../../src/shared/contract/admin-endpoints';
import { startTestApp, type TestApp } from './helpers/test-app';

// Issue 28: the console calls the admin API by name (ADMIN_ENDPOINTS). Every entry must be a route the server
// registers with that method, so the table cannot drift from the routes.

describe('ADMIN_ENDPOINTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false });
  });
  afterAll(() => t.close());

  it.each(Object.entries(ADMIN_ENDPOINTS))('%s is a registered route', (_name, { method, path }) => {
    expect(t.app.hasRoute({ method, url: ADMIN_PREFIX + path }), `${method} ${ADMIN_PREFIX}${path}`).toBe(true);
  });

  it('finds no route the server does not have', () => {
    expect(t.app.hasRoute({ method: 'PATCH', url: `${ADMIN_PREFIX}/audit` })).toBe(false);
  });
});

describe('adminPath', () => {
  it('fills the path, encoded, and leaves out empty query values', () => {
    expect(adminPath('updateUser', { params: { email: 'a+b@example.com' } })).toBe(
      '/api/admin/users/a%2Bb%40example.com',
    );
    expect(adminPath('updateCategory', { params: { name: 'Food & drink' } })).toBe(
      '/api/admin/categories/Food%20%26%20drink',
    );
    expect(adminPath('listStores', { query: { tenant: 'abc', q: '', page: 2, per_page: undefined } })).toBe(
      '/api/admin/stores?tenant=abc&page=2',
    );
    expect(adminPath('me')).toBe('/api/admin/me');
  });
});
