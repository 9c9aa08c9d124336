import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { Piscina } from 'piscina';
import type { Bootstrap, InlinedQuery } from '../../shared/contract/bootstrap';
import { fileVersion } from './file-version';
import { ownGet } from './inline-api';
import type { RenderTask, TransportAnswer, TransportAsk } from './render-worker';

// The server-rendering bundle (src/client/ssr/render.tsx, built by `vite build --ssr` beside the client build):
// pages drawn on the server paint before any JavaScript has run; the browser then hydrates them.

export interface RenderedPage {
  /** The contents of #root. */
  html: string;
  /** The answers the HTML was drawn with (for the bootstrap). */
  queries: InlinedQuery[];
  /** False when some data failed or was late (those parts are drawn loading and fetched by the browser). */
  complete: boolean;
  /** How many times renderToString ran (1: the page's loader knew everything it reads; older bundles: absent). */
  passes?: number;
}

export interface PageRenderer {
  render(input: { url: string; host: string; bootstrap: Bootstrap }): Promise<RenderedPage>;
}

/** How the server-rendering bundle asks for a page's data (its fetch). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
/** What render.js exports (src/client/ssr/render.tsx), as the main thread and the render threads load it. */
export interface RenderModule {
  renderPage(input: {
    url: string;
    bootstrap: unknown;
    transport: Transport;
    dataTimeoutMs: number;
  }): Promise<RenderedPage>;
}

/** The longest a page's data may hold its HTML back; later answers are fetched by the browser. */
export const SERVER_DATA_TIMEOUT_MS = 1_500;

/** The page's API calls, answered in process as the tenant `host` (a kept answer, else app.inject); reads only. */
function injectTransport(app: FastifyInstance, host: string): Transport {
  return async (url, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`server rendering only reads (${method} ${url})`);
    const res = await ownGet(app, host, url);
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** Loads `render.js` from `ssrDir` (again when a build replaces it); null while there is none. */
export function fileRenderer(
  app: FastifyInstance,
  ssrDir: string,
  dataTimeoutMs = SERVER_DATA_TIMEOUT_MS,
): () => Promise<PageRenderer | null> {
  const file = path.join(ssrDir, 'render.js');
  const seen = fileVersion(file);
  let loaded: { mtimeMs: number; module: Promise<RenderModule> } | null = null;
  return async () => {
    const mtimeMs = await seen();
    if (mtimeMs === null) return null;
    if (!loaded || loaded.mtimeMs !== mtimeMs)
      loaded = { mtimeMs, module: import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<RenderModule> };
    const module = await loaded.module;
    return {
      render: ({ url, host, bootstrap }) =>
        module.renderPage({
          url,
          bootstrap,
          transport: injectTransport(app, host),
          dataTimeoutMs,
        }),
    };
  };
}

/** How documents are drawn: in the main thread (threads 0) or by a pool of that many worker threads. */
export interface RenderThreads {
  threads: number;
  /** The worker module (default: render-worker.js beside the compiled server, or its .ts source under tsx). */
  workerFile?: string;
  /**
   * How long a page's data may hold its HTML back (default SERVER_DATA_TIMEOUT_MS). Tests that compare whole documents
   * raise it, so a loaded machine draws the same page instead of one that left its late data to the browser.
   */
  dataTimeoutMs?: number;
  /** NODE_ENV in the render threads (config.renderNodeEnv); absent: the process's own environment, unchanged. */
  nodeEnv?: string;
}

/** The render worker next to this code: compiled (npm start) dist/server/render-worker.js, else the source. */
export function defaultWorkerFile(): string {
  return process.env.DEALDECK_SERVER_BUNDLE === '1'
    ? path.join(import.meta.dirname, 'render-worker.js')
    : path.join(path.dirname(fileURLToPath(import.meta.url)), 'render-worker.ts');
}

/** The node flags of a render thread: none for the compiled worker, the tsx loader for its source. */
export function workerExecArgv(workerFile: string): string[] {
  return workerFile.endsWith('.ts') ? ['--import', 'tsx'] : [];
}

/** Pages one render thread has in flight at once (each waits for its data most of its time). */
export const RENDERS_PER_THREAD = 8;

/** How long closing the app waits for the renders in flight before it ends the render threads. */
export const RENDER_DRAIN_MS = 5_000;

/** Each render thread's V8 heap: React's renderer and one page in flight need far less; a runaway render dies alone. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/**
 * Like fileRenderer, but render.js runs in a pool of worker threads (piscina): a document refill costs the main thread
 * only the page's API answers (app.inject, mostly response-cache hits), so cache hits and API calls keep flowing while
 * a page is drawn. The pool is closed with the app.
 */
export function pooledRenderer(
  app: FastifyInstance,
  ssrDir: string,
  opts: RenderThreads,
): () => Promise<PageRenderer | null> {
  const file = path.join(ssrDir, 'render.js');
  const workerFile = opts.workerFile ?? defaultWorkerFile();
  const pool = new Piscina<RenderTask, RenderedPage>({
    filename: workerFile,
    minThreads: opts.threads,
    maxThreads: opts.threads,
    // Threads stay up: a new one would load React and the bundle again.
    idleTimeout: Number.MAX_SAFE_INTEGER,
    // A render spends most of its time waiting for its data (the main thread's answers): a thread draws other pages
    // meanwhile (render.tsx interleaves them), instead of one page at a time with the thread idle (issue 27).
    concurrentTasksPerWorker: RENDERS_PER_THREAD,
    // React picks its build by NODE_ENV: npm start, which sets none, has the threads draw with the production build
    // (as vite built the bundle), several times faster than the development one. A test's development build keeps
    // the environment as it is: its JSX needs React's development runtime.
    ...(opts.nodeEnv ? { env: { ...process.env, NODE_ENV: opts.nodeEnv } } : {}),
    resourceLimits: WORKER_LIMITS,
    // Only what the worker needs to load its module: the tsx loader when it is the .ts source. The server's heap flags
    // are for the main thread (a worker gets WORKER_LIMITS), and preloads (a test's fault injection) stay there too.
    execArgv: workerExecArgv(workerFile),
  });
  // A thread that fails outside a task (it could not load) must not take the server down: pages go to the browser.
  pool.on('error', (err: Error) => app.log.error({ err }, 'a render thread failed'));
  // Renders in flight when the app closes are finished first (a deploy's last pages are drawn, not cut), for at most
  // RENDER_DRAIN_MS: Fastify runs this hook while the requests that started them are still being answered.
  const running = new Set<Promise<RenderedPage>>();
  app.addHook('onClose', async () => {
    if (running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const drained = Promise.allSettled([...running]);
      await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, RENDER_DRAIN_MS)))]);
      clearTimeout(timer);
    }
    await pool.destroy();
  });
  const seen = fileVersion(file);
  return async () => {
    const version = await seen();
    if (version === null) return null;
    return {
      render: async ({ url, host, bootstrap }) => {
        const { port1, port2 } = new MessageChannel();
        const transport = injectTransport(app, host);
        port1.on('message', (ask: TransportAsk) => {
          void transport(ask.url, { method: ask.method })
            .then(
              async (res) => ({
                id: ask.id,
                status: res.status,
                body: res.body === null ? null : await res.text(),
                contentType: res.headers.get('content-type') ?? 'application/json',
              }),
              (err: Error) => ({ id: ask.id, status: 0, body: null, contentType: '', error: err.message }),
            )
            .then((answer: TransportAnswer) => port1.postMessage(answer));
        });
        try {
          const task: RenderTask = {
            file,
            version,
            url,
            bootstrap,
            dataTimeoutMs: opts.dataTimeoutMs ?? SERVER_DATA_TIMEOUT_MS,
            port: port2,
          };
          const drawing = pool.run(task, { transferList: [port2] }) as Promise<RenderedPage>;
          running.add(drawing);
          try {
            return await drawing;
          } finally {
            running.delete(drawing);
          }
        } finally {
          port1.close();
        }
      },
    };
  };
}
