import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { readBootstrap } from './lib/bootstrap';
import { createAppStore } from './app/store';
import { App } from './app/app';
import { loadPageFor } from './app/routes';
import { ensureVisitorToken } from './api/session';
import { configureHttp } from './api/http';
import { setSectionRegistry } from './engine/registry-holder';
import './styles/base.css';

/** The longest the first render waits for the first page's modules and section modules (the server preloads them beside this entry). */
const SECTION_WAIT_MS = 4000;

const container = document.getElementById('root')!;
const bootstrap = readBootstrap();

/** Marks the document once the app has hydrated (or drawn) it: `<html data-app="ready">`, for tests and monitoring. */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/** A mismatch between the server's HTML and the first render is repaired by React (that part is drawn again): worth a warning, not an error. */
function onRecoverableError(error: unknown, info: { componentStack?: string }): void {
  console.warn(
    '[dealdeck] the server-drawn page was redrawn in the browser:',
    error instanceof Error ? error.message : error,
    info.componentStack ?? '',
  );
}

// No top-level await: this module must finish evaluating before the chunks it imports (which import it back) can run.
async function start(): Promise<void> {
  if (!bootstrap) {
    // No bootstrap (a page not served by our server): a clear message, from its own chunk.
    const { BootFailure } = await import('./app/boot-failure');
    createRoot(container).render(<BootFailure />);
    return;
  }
  ensureVisitorToken();
  configureHttp({ apiBase: bootstrap.config.apiBase, stagingApiBase: bootstrap.config.stagingApiBase ?? null });
  const store = createAppStore(bootstrap);
  // Draw the first page whole: the registry and the modules of the section types this page's documents use are already
  // downloading (the server named them), so waiting for them here avoids a frame of placeholders; a section chunk that
  // fails is left to its error boundary. Other types load when a later page draws them.
  const ready = import('../sections/page-registry').then(({ registry, preloadPageSections }) => {
    setSectionRegistry(registry);
    return preloadPageSections(window.location.pathname, bootstrap);
  });
  // The page's own module too (every page but home is a lazy chunk, the server names it beside the entry): a page the
  // server drew then hydrates at once, and no later update can swap it for the loading skeleton while it waits.
  const page = loadPageFor(window.location.pathname).catch((error: unknown) =>
    console.error('[dealdeck] the page could not load', error),
  );
  // A registry that cannot load (offline on a cold cache) leaves the slots empty; the page's own content still renders.
  const sections = ready.catch((error: unknown) => console.error('[dealdeck] sections could not load', error));
  await Promise.race([Promise.all([sections, page]), new Promise((resolve) => setTimeout(resolve, SECTION_WAIT_MS))]);
  const app = (
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
      <Ready />
    </StrictMode>
  );
  // A transition: React draws (or hydrates) the page in short slices, so input is never blocked for long on a slow phone.
  // A page the server drew (#root has its HTML) is hydrated; the others (redirect pages, /login, …) are drawn here.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app, { onRecoverableError }));
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
