import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import type { QueryClient } from '@tanstack/query-core';
import type { Bootstrap, InlinedQuery } from '../app/bootstrap';
import { createAppStore, createQueryClient } from '../app/store';
import { AppRoutes } from '../app/routes';
import { configureHttp, type Transport } from '../api/http';
import { preloadSections } from '../engine/lazy-section';
import { setSectionRegistry } from '../engine/registry-holder';
import { registry } from '../sections/registry';
import { setMarkupText } from '../components/rich-text';
import { markupText } from './markup-text';

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
const sectionsReady = preloadSections(Object.values(registry).map((definition) => definition?.component));

let transport: Transport | null = null;
// One transport per render: renders are serialised (see `queue`), so the module-level http config is never shared.
configureHttp({ apiBase: '', transport: (url, init) => (transport ? transport(url, init) : Promise.reject(new Error('no server transport'))) });

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

/**
 * Runs every query the first pass asked for and has no data yet, for at most `timeoutMs`; failures are dropped.
 * True when every one of them answered.
 */
async function settleQueries(client: QueryClient, timeoutMs: number): Promise<boolean> {
  const pending = client.getQueryCache().getAll().filter((q) => q.state.data === undefined && q.options.queryFn);
  if (!pending.length) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(pending.map((q) => client.prefetchQuery({ ...q.options, queryKey: q.queryKey, retry: false }))),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
  // What did not arrive is drawn as the browser will first draw it (loading), and fetched there.
  const missing = client.getQueryCache().getAll().filter((q) => q.state.status !== 'success');
  for (const q of missing) client.getQueryCache().remove(q);
  return missing.length === 0;
}

async function renderOnce(input: RenderInput): Promise<RenderOutput> {
  await sectionsReady;
  const client = createQueryClient();
  const asking = createAppStore(input.bootstrap, client);
  const inlined = new Set(client.getQueryCache().getAll().map((q) => q.queryHash));
  // First pass: the components ask for their data (each query atom registers its query); second: drawn with it, from
  // a new jotai store over the same QueryClient (the first store's query atoms keep the results they first read).
  renderToString(tree(asking, input.url));
  const complete = await settleQueries(client, input.dataTimeoutMs);
  const html = renderToString(tree(createAppStore(input.bootstrap, client), input.url));
  const queries = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success' && !inlined.has(q.queryHash))
    .map((q) => ({ key: q.queryKey, data: q.state.data }));
  client.clear();
  return { html, queries, complete };
}

let queue: Promise<unknown> = Promise.resolve();

/** The page's HTML (the contents of #root) and the answers it was drawn with. */
export function renderPage(input: RenderInput): Promise<RenderOutput> {
  const run = queue.then(async () => {
    transport = input.transport;
    try {
      return await renderOnce(input);
    } finally {
      transport = null;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
