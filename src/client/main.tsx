import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { readBootstrap } from './app/bootstrap';
import { createAppStore } from './app/store';
import { App } from './app/app';
import { ensureVisitorToken } from './api/session';
import { configureHttp } from './api/http';
import { preloadSections } from './engine/lazy-section';
import { setSectionRegistry } from './engine/registry-holder';
import './styles/base.css';

/** The longest the first render waits for the first page's section modules (the server preloads them beside this entry). */
const SECTION_WAIT_MS = 4000;

const root = createRoot(document.getElementById('root')!);
const bootstrap = readBootstrap();

// No top-level await: this module must finish evaluating before the chunks it imports (which import it back) can run.
async function start(): Promise<void> {
  if (!bootstrap) {
    // No bootstrap (a page not served by our server): a clear message, from its own chunk.
    const { BootFailure } = await import('./app/boot-failure');
    root.render(<BootFailure />);
    return;
  }
  ensureVisitorToken();
  configureHttp({ apiBase: bootstrap.config.apiBase, stagingApiBase: bootstrap.config.stagingApiBase ?? null });
  const store = createAppStore(bootstrap);
  // Draw the first page whole: the registry and the section modules are already downloading (modulepreload), so
  // waiting for them here avoids a frame of placeholders; a section chunk that fails is left to its error boundary.
  const ready = import('./sections/registry').then(({ registry }) => {
    setSectionRegistry(registry);
    // One module draws every section type: resolving each registered component now lets the first render draw them.
    return preloadSections(Object.values(registry).map((definition) => definition?.component));
  });
  // A registry that cannot load (offline on a cold cache) leaves the slots empty; the page's own content still renders.
  await Promise.race([ready.catch((error: unknown) => console.error('[dealdeck] sections could not load', error)), new Promise((resolve) => setTimeout(resolve, SECTION_WAIT_MS))]);
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
}

void start();
