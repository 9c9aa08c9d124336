import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Bootstrap, InlinedQuery } from '../../shared/contract/bootstrap';
import { injectGet } from './inline-api';

// The server-rendering bundle (src/client/ssr/render.tsx, built by `vite build --ssr` beside the client build):
// pages drawn on the server paint before any JavaScript has run; the browser then hydrates them.

export interface RenderedPage {
  /** The contents of #root. */
  html: string;
  /** The answers the HTML was drawn with (for the bootstrap). */
  queries: InlinedQuery[];
  /** False when some data failed or was late (those parts are drawn loading and fetched by the browser). */
  complete: boolean;
}

export interface PageRenderer {
  render(input: { url: string; host: string; bootstrap: Bootstrap }): Promise<RenderedPage>;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
interface RenderModule {
  renderPage(input: {
    url: string;
    bootstrap: unknown;
    transport: Transport;
    dataTimeoutMs: number;
  }): Promise<RenderedPage>;
}

/** The longest a page's data may hold its HTML back; later answers are fetched by the browser. */
export const SERVER_DATA_TIMEOUT_MS = 1_500;

/** The page's API calls, answered in process (app.inject, so through the response cache) as the tenant `host`; reads only. */
function injectTransport(app: FastifyInstance, host: string): Transport {
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`server rendering only reads (${method} ${url})`);
    const res = await injectGet(app, host, url);
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** Loads `render.js` from `ssrDir` (again when a build replaces it); null while there is none. */
export function fileRenderer(app: FastifyInstance, ssrDir: string): () => Promise<PageRenderer | null> {
  const file = path.join(ssrDir, 'render.js');
  let loaded: { mtimeMs: number; module: Promise<RenderModule> } | null = null;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (!loaded || loaded.mtimeMs !== mtimeMs)
      loaded = { mtimeMs, module: import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<RenderModule> };
    const module = await loaded.module;
    return {
      render: ({ url, host, bootstrap }) =>
        module.renderPage({
          url,
          bootstrap,
          transport: injectTransport(app, host),
          dataTimeoutMs: SERVER_DATA_TIMEOUT_MS,
        }),
    };
  };
}
