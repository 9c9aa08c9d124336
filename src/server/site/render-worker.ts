import type { MessagePort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { RenderedPage, RenderModule, Transport } from './server-render';

// A render thread of the pool (render-pool.ts, piscina): runs the server-rendering bundle (render.js of the client
// build) off the main thread, so drawing a document never holds up the API answers and cache hits the main thread
// gives meanwhile. The page's API calls go back to the main thread over `port` (app.inject there, through its response
// cache and database); only plain data crosses: the bootstrap in, the HTML and the answers it was drawn with out.

/** One render asked of the pool. */
export interface RenderTask {
  /** render.js of the build, and its mtime: a new build is imported afresh (like fileRenderer on the main thread). */
  file: string;
  version: number;
  url: string;
  bootstrap: unknown;
  dataTimeoutMs: number;
  /** Answers the page's GETs: the worker posts TransportAsk, the main thread answers TransportAnswer. */
  port: MessagePort;
}
export interface TransportAsk {
  id: number;
  url: string;
  method: string;
}
export interface TransportAnswer {
  id: number;
  status: number;
  body: string | null;
  contentType: string;
  /** Set when the main thread could not answer at all (the fetch rejects, as a network error would). */
  error?: string;
}
let loaded: { key: string; module: Promise<RenderModule> } | null = null;

function moduleOf(file: string, version: number): Promise<RenderModule> {
  const key = `${pathToFileURL(file).href}?v=${version}`;
  if (!loaded || loaded.key !== key) loaded = { key, module: import(key) as Promise<RenderModule> };
  return loaded.module;
}

function portTransport(port: MessagePort): Transport {
  let next = 0;
  const waiting = new Map<number, { resolve: (a: TransportAnswer) => void }>();
  port.on('message', (a: TransportAnswer) => {
    waiting.get(a.id)?.resolve(a);
    waiting.delete(a.id);
  });
  return async (url, init) => {
    const id = ++next;
    const method = (init.method ?? 'GET').toUpperCase();
    const answer = await new Promise<TransportAnswer>((resolve) => {
      waiting.set(id, { resolve });
      port.postMessage({ id, url, method } satisfies TransportAsk);
    });
    if (answer.error !== undefined) throw new Error(answer.error);
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } });
  };
}

export default async function render(task: RenderTask): Promise<RenderedPage> {
  try {
    const module = await moduleOf(task.file, task.version);
    return await module.renderPage({
      url: task.url,
      bootstrap: task.bootstrap,
      transport: portTransport(task.port),
      dataTimeoutMs: task.dataTimeoutMs,
    });
  } finally {
    task.port.close();
  }
}
