import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import type { Query, QueryClient, QueryKey } from '@tanstack/query-core';
import type { Atom } from 'jotai';
import type { Bootstrap, InlinedQuery } from '../lib/bootstrap';
import { createAppStore, createQueryClient } from '../app/store';
import { AppRoutes, loadPageFor } from '../app/routes';
import { configureHttp, isNotFoundError, type ApiError, type Transport } from '../api/http';
import { entryOf, preloadSections } from '../engine/section-registry';
import type { SectionContext } from '../engine/types';
import { pageDocuments } from '../../shared/layout/page-documents';
import { setSectionRegistry } from '../engine/registry-holder';
import { registry } from '../../sections/page-registry';
import { setMarkupText } from '../components/rich-text';
import { markupText } from './markup-text';
import { loadPageData } from '../pages/page-loaders';

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
  /** How many times renderToString ran (1 when the page's loader knew everything it reads). */
  passes: number;
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
  await within(
    timeoutMs,
    asked.map((q) => client.prefetchQuery({ ...q.options, queryKey: q.queryKey, retry: false })),
  );
  return keepAnswered(client, asked);
}

/** Waits for `work` to settle, or `timeoutMs`, whichever comes first. */
async function within(timeoutMs: number, work: Promise<unknown>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(work),
    new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, timeoutMs)))),
  ]);
  clearTimeout(timer);
}

/** Keeps the asked queries that answered (and "not found" answers); drops the rest. True when every one answered. */
function keepAnswered(client: QueryClient, asked: readonly Query[]): boolean {
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
    // The first store seeds the client with the bootstrap's answers; preload reads the sections' data atoms in it.
    const seeded = newStore();
    // What the bootstrap already carries (seeded by createAppStore) is not sent twice.
    const inlined = new Set(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryHash),
    );
    const tried = new Set<string>();
    // What the page reads first, known before it is drawn (its sections' data atoms, its loader): fetched before the
    // first pass, so the first pass is usually the last (issue 27).
    let complete = await preload(client, input, seeded, deadline, tried);
    let store = newStore();
    let html = '';
    let passes = 0;
    // Each render asks for data (every query atom registers its query) and lazy modules; the next one, from a new jotai
    // store over the same QueryClient (a store's query atoms keep the results they first read), draws with what arrived.
    for (let pass = 1; ; pass += 1) {
      html = renderToString(tree(store, input.url));
      passes = pass;
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
    return { html, queries, complete, passes };
  } finally {
    client.clear();
    for (; stores > 0; stores -= 1) client.unmount();
  }
}

/** What a section module gives the engine (layout-renderer.tsx): its data atom, made from its settings. */
type SectionData = { data?: (settings: unknown, context: SectionContext) => Atom<unknown> };

/**
 * Registers, without drawing anything, the queries the page's layout sections read first: each section's data atom
 * (the same one its component reads), read once in a throwaway store, puts its queries in the client's cache.
 */
function askSectionQueries(store: ReturnType<typeof createAppStore>, input: RenderInput, pathname: string): void {
  const { bootstrap } = input;
  if (bootstrap.config.preview) return; // drawn from ?layout=: the passes find what it reads
  const context: SectionContext = { host: bootstrap.host, assetBase: bootstrap.config.assetBase, preview: false };
  for (const served of pageDocuments(pathname, bootstrap.layouts, bootstrap.homeVariants))
    for (const section of served.doc.sections) {
      const definition = entryOf(registry, section.type)?.loaded() as SectionData | null | undefined;
      if (definition?.data) store.get(definition.data(section.settings, context));
    }
}

/**
 * Fetches what the page reads first before its first pass (issue 27): its layout sections' data, and what its page
 * module's loader (pages/page-loaders.ts) knows from the address. The queries fetched are marked tried. False when one
 * failed or was late.
 */
async function preload(
  client: QueryClient,
  input: RenderInput,
  seeded: ReturnType<typeof createAppStore>,
  deadline: number,
  tried: Set<string>,
): Promise<boolean> {
  const url = new URL(input.url, 'http://server.invalid');
  let complete = true;
  const fetchAll = async (queries: readonly { queryKey: QueryKey }[]) => {
    const asked = queries
      .map((q) => client.getQueryCache().find({ queryKey: q.queryKey, exact: true }))
      .filter(
        (q): q is Query =>
          q !== undefined && q.state.data === undefined && q.options.queryFn !== undefined && !tried.has(q.queryHash),
      );
    for (const q of asked) tried.add(q.queryHash);
    if (asked.length && !(await settleQueries(client, asked, deadline - Date.now()))) complete = false;
  };
  // The page's module too: the first page of its kind would otherwise suspend on it for a pass.
  const page = loadPageFor(url.pathname);
  askSectionQueries(seeded, input, url.pathname);
  await fetchAll(client.getQueryCache().getAll());
  await page;
  await loadPageData(url.pathname, {
    host: input.bootstrap.host,
    search: url.searchParams,
    client,
    prefetch: async (queries) => {
      for (const q of queries)
        if (client.getQueryCache().find({ queryKey: q.queryKey, exact: true }) === undefined)
          client.getQueryCache().build(client, { ...q, retry: false });
      await fetchAll(queries);
    },
  });
  return complete;
}

/**
 * The page's HTML (the contents of #root) and the answers it was drawn with. Several may be in flight: each pass of
 * renderToString runs whole (it is synchronous), and between passes, while one page waits for its data, another draws.
 */
export function renderPage(input: RenderInput): Promise<RenderOutput> {
  return renderTransport.run(input.transport, () => renderOnce(input));
}
