import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import type { Query, QueryClient } from '@tanstack/query-core';
import type { Bootstrap, InlinedQuery } from '../lib/bootstrap';
import { createAppStore, createQueryClient } from '../app/store';
import { AppRoutes } from '../app/routes';
import { configureHttp, isNotFoundError, type ApiError, type Transport } from '../api/http';
import { preloadSections } from '../engine/section-registry';
import { setSectionRegistry } from '../engine/registry-holder';
import { registry } from '../sections/registry';
import { setMarkupText } from '../components/rich-text';
import { markupText } from './markup-text';

/** The atom families' size: bounded however many distinct URLs are drawn (tests/server/render-memory.test.ts). */
export { keyedEntries } from '../api/keyed';

// Server rendering of a page (built by `vite build --ssr`, loaded by src/server/site/server-render.ts): the same
// routes, store and sections as the browser, so the client hydrates this HTML instead of drawing the page again.

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  bootstrap: Bootstrap;
  /** How the page's API calls reach the server (app.inject): no network, the tenant's host already applied. */
  transport: Transport;
  /** The longest the page's first queries may take; those still running are left to the browser. */
  dataTimeoutMs: number;
}

export interface RenderOutput {
  html: string;
  /** Every answer the HTML was drawn with: inlined in the bootstrap so hydration draws the same thing. */
  queries: InlinedQuery[];
  /** False when some of the page's data failed or was late (drawn loading): such a page is not worth caching. */
  complete: boolean;
}

setMarkupText(markupText);
setSectionRegistry(registry);
const sectionsReady = preloadSections(registry);

// Each render's own transport, carried through its awaits: renders run interleaved (one draws while another waits for
// its data, issue 27), so the module-level http config asks the render it is called from.
const renderTransport = new AsyncLocalStorage<Transport>();
configureHttp({
  apiBase: '',
  transport: (url, init) => {
    const transport = renderTransport.getStore();
    return transport ? transport(url, init) : Promise.reject(new Error('no server transport'));
  },
});

function tree(store: ReturnType<typeof createAppStore>, url: string) {
  return (
    <StrictMode>
      <Provider store={store}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Provider>
    </StrictMode>
  );
}

/** The most renders of one page: asked for data, drawn with it; a lazy page and its own data take two more. */
const MAX_PASSES = 4;
/** React's mark for a Suspense boundary the server left to the browser (here: a lazy module not loaded yet). */
const CLIENT_BOUNDARY = '<!--$!-->';

/**
 * Runs the given queries for at most `timeoutMs`. A "no such thing" answer (404, 400) is kept: the next render draws
 * it (a store that does not exist says so) and the browser starts from it. What else failed or is late is dropped, so
 * the next render draws it as the browser will first draw it (loading) and the browser fetches it. True when every one
 * of them answered with data.
 */
async function settleQueries(client: QueryClient, asked: readonly Query[], timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(asked.map((q) => client.prefetchQuery({ ...q.options, queryKey: q.queryKey, retry: false }))),
    new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, timeoutMs)))),
  ]);
  clearTimeout(timer);
  const missing = asked.filter((q) => q.state.status !== 'success');
  for (const q of missing) {
    if (notFoundOf(q)) client.setQueryDefaults(q.queryKey, { retryOnMount: false });
    else client.getQueryCache().remove(q);
  }
  return missing.length === 0;
}

/** The API's "no such thing" answer a query settled with, if that is how it settled. */
const notFoundOf = (query: Query): ApiError | null =>
  query.state.status === 'error' && isNotFoundError(query.state.error) ? query.state.error : null;

/** The answers a page was drawn with, for the bootstrap: data, and "not found" answers. */
function drawnWith(query: Query): InlinedQuery | null {
  if (query.state.status === 'success') return { key: query.queryKey, data: query.state.data };
  const notFound = notFoundOf(query);
  return notFound ? { key: query.queryKey, error: { status: notFound.status, message: notFound.message } } : null;
}

async function renderOnce(input: RenderInput): Promise<RenderOutput> {
  await sectionsReady;
  const deadline = Date.now() + input.dataTimeoutMs;
  const client = createQueryClient();
  // Every store mounts the client once (focus and online listeners): each is unmounted at the end.
  let stores = 0;
  const newStore = () => {
    stores += 1;
    return createAppStore(input.bootstrap, client);
  };
  try {
    let store = newStore();
    // What the bootstrap already carries (seeded by createAppStore) is not sent twice.
    const inlined = new Set(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryHash),
    );
    const tried = new Set<string>();
    let complete = true;
    let html = '';
    // Each render asks for data (every query atom registers its query) and lazy modules; the next one, from a new jotai
    // store over the same QueryClient (a store's query atoms keep the results they first read), draws with what arrived.
    for (let pass = 1; ; pass += 1) {
      html = renderToString(tree(store, input.url));
      const asked = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data === undefined && q.options.queryFn && !tried.has(q.queryHash));
      const suspended = html.includes(CLIENT_BOUNDARY);
      if (!asked.length && !suspended) break;
      if (pass === MAX_PASSES) {
        complete = false;
        break;
      }
      for (const q of asked) tried.add(q.queryHash);
      if (asked.length && !(await settleQueries(client, asked, deadline - Date.now()))) complete = false;
      // A lazy module (one bundle: its import resolves at once) is ready after a turn of the event loop.
      if (suspended) await new Promise((resolve) => setImmediate(resolve));
      store = newStore();
    }
    const queries = client
      .getQueryCache()
      .getAll()
      .filter((q) => !inlined.has(q.queryHash))
      .map(drawnWith)
      .filter((q): q is InlinedQuery => q !== null);
    return { html, queries, complete };
  } finally {
    client.clear();
    for (; stores > 0; stores -= 1) client.unmount();
  }
}

/**
 * The page's HTML (the contents of #root) and the answers it was drawn with. Several may be in flight: each pass of
 * renderToString runs whole (it is synchronous), and between passes, while one page waits for its data, another draws.
 */
export function renderPage(input: RenderInput): Promise<RenderOutput> {
  return renderTransport.run(input.transport, () => renderOnce(input));
}
