import type { ReactNode } from 'react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { createAppStore } from '../../src/client/app/store';
import type { Bootstrap } from '../../src/client/lib/bootstrap';

export function testBootstrap(overrides: Partial<Bootstrap> = {}): Bootstrap {
  const empty = (kind: 'home' | 'header' | 'footer') => ({
    file: `layouts/${kind}/test.json`,
    doc: { schemaVersion: 1 as const, kind, title: 'test', serves: ['*'], sections: [] },
  });
  return {
    host: 'test.localhost',
    domain: { name: 'Test deals', home_page: 'Test' },
    layouts: { home: empty('home'), header: empty('header'), footer: empty('footer') },
    config: { apiBase: '', assetBase: '/assets/', recaptchaSiteKey: null, analyticsId: null, preview: false },
    ...overrides,
  };
}

/** Renders UI inside the app's real providers (jotai store with a QueryClient, a router). */
export function withProviders(ui: ReactNode, bootstrap: Bootstrap = testBootstrap(), path = '/') {
  const store = createAppStore(bootstrap);
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>
  );
}
