import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../src/client/api/session';

// A browser that refuses session storage (privacy mode, a frame of another site) throws on any access to it: the
// visitor token must still hold for the page's life, or the route guard would send every shopper to /login.
describe('session with storage blocked', () => {
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('keeps the token and role in memory for the page', () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError: access to sessionStorage is denied');
      },
    });
    expect(session.token()).toBeNull();
    session.setToken('visitor-token');
    session.setRole('user');
    expect(session.token()).toBe('visitor-token');
    expect(session.role()).toBe('user');
    session.writeCache('banners', [1, 2]);
    expect(session.readCache<number[]>('banners')).toEqual([1, 2]);
    session.clearToken();
    expect(session.token()).toBeNull();
  });
});
