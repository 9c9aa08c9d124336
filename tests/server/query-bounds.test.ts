import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from './helpers/test-app';

// Issue 18: non-finite numbers ('Infinity', '1e309') are refused by the route schema, naming the parameter, instead of
// being coerced to Infinity and reaching the database.
describe.each(DATABASES)('query numbers are finite whole numbers (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: { host: 'one.localhost' } });

  it.each([
    ['/api/end-user/store/latest-stores?limit=Infinity', 'limit'],
    ['/api/end-user/store/latest-stores?limit=1e309', 'limit'],
    ['/api/end-user/store/latest-stores?limit=-Infinity', 'limit'],
    ['/api/end-user/store/top-visited-stores?limit=Infinity', 'limit'],
    ['/end-user/store/search-store?page=1e309', 'page'],
    ['/end-user/store/search-store?per_page=Infinity', 'per_page'],
    ['/end-user/store/search-store?page=0x10', 'page'],
  ])('%s answers 400 naming %s', async (url, name) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(name);
  });

  it('still takes plain numbers and the defaults', async () => {
    expect((await get('/api/end-user/store/latest-stores?limit=3')).statusCode).toBe(200);
    expect((await get('/api/end-user/store/latest-stores')).statusCode).toBe(200);
    const res = await get('/end-user/store/search-store?page=1&per_page=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ per_page: 5, page: 1 });
  });
});
