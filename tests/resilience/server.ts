import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../src/server/memory';
import { until } from '../helpers/wait';

// The real server (src/server/main.ts, with npm start's heap flags) as a child process this suite owns: it can be stopped, restarted and measured.

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TENANT = 'one.localhost';

/** The client build the global setup made for this run (see global-setup.ts). */
export function clientDir(): string {
  const dir = process.env.RESILIENCE_CLIENT_DIR;
  if (!dir) throw new Error('RESILIENCE_CLIENT_DIR is not set: run through tests/resilience/playwright.config.ts');
  return dir;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** postgres://… ; absent: PGlite in a temporary data directory. */
  databaseUrl?: string;
  /** Reuse a data directory (restart on the same data); by default a new temporary one. */
  dataDir?: string;
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Extra node options before the script (e.g. --expose-gc). server-preload.ts is always loaded. */
  nodeArgs?: string[];
}

export interface ServerChild {
  port: number;
  pid: number;
  dataDir: string;
  origin: string;
  proc: ChildProcess;
  /** The last lines the server printed (stdout and stderr). */
  output: () => string;
  exited: () => boolean;
  /** SIGTERM to the process group (SIGKILL after 8 s); resolves once it has exited. */
  stop: () => Promise<void>;
  /** stop(), then remove the temporary data directory. */
  dispose: () => Promise<void>;
}

export async function startServer(opts: ServerOptions = {}): Promise<ServerChild> {
  const port = opts.port ?? (await freePort());
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'dealdeck-resilience-'));
  const proc = spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      '--import',
      './tests/resilience/server-preload.ts',
      ...(opts.nodeArgs ?? []),
      'src/server/main.ts',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir(),
        LAYOUTS_DIR: 'layouts',
        LOG_LEVEL: 'warn',
        // The load tests are one client asking for many pages; the miss budget has its own tests (issue 27).
        MISSES_PER_MINUTE: '1000000',
        // Never the shared database CI exports: PGlite unless the test names its own PostgreSQL.
        DATABASE_URL: opts.databaseUrl ?? '',
        // Every test here reads the demo data, on PostgreSQL too (where demo mode is off by default; issue 25).
        DEMO: '1',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let tail = '';
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-6000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = () => proc.exitCode !== null || proc.signalCode !== null;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited() || proc.pid === undefined) return resolve();
      const kill = setTimeout(() => {
        try {
          process.kill(-proc.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 8000);
      proc.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      try {
        process.kill(-proc.pid, 'SIGTERM');
      } catch {
        clearTimeout(kill);
        resolve();
      }
    });
  const child: ServerChild = {
    port,
    pid: proc.pid ?? -1,
    dataDir,
    origin: `http://127.0.0.1:${port}`,
    proc,
    output: () => tail,
    exited,
    stop,
    dispose: async () => {
      await stop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitHealthy(child, 150_000);
  } catch (err) {
    await child.dispose();
    throw err;
  }
  return child;
}

/** Polls /healthz until 200; fails early when the server exits, with its output. */
export async function waitHealthy(server: ServerChild, timeoutMs: number): Promise<void> {
  await until(
    async () => {
      if (server.exited())
        throw new Error(
          `the server exited (${server.proc.exitCode ?? server.proc.signalCode}) before it was ready:\n${server.output()}`,
        );
      return (await get(server.port, '/healthz', { timeoutMs: 2000 }).catch(() => null))?.status === 200;
    },
    { message: () => `a 200 from /healthz:\n${server.output()}`, timeoutMs, everyMs: 250 },
  );
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One HTTP request on loopback as the tenant (Host and domain-name), with a hard time limit (a hang is an error). */
export function request(
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  opts: { body?: unknown; host?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const host = opts.host ?? TENANT;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        headers: {
          host,
          'domain-name': host,
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - t0,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(opts.timeoutMs ?? 15_000, () =>
      req.destroy(new Error(`${method} ${urlPath}: no answer within ${opts.timeoutMs ?? 15_000} ms`)),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const get = (port: number, urlPath: string, opts: { host?: string; timeoutMs?: number } = {}) =>
  request(port, 'GET', urlPath, opts);

/** Resident set size of a process in bytes, from /proc (null where there is no /proc). */
export function rssOf(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
