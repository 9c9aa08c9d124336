import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../../../src/server/build/server-bundle';
import { buildClient, ssrDirOf } from '../../../src/server/client-build';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../src/server/memory';
import { until } from '../../helpers/wait';

// The server as `npm start` runs it, in a child process this test owns: the compiled dist/server/main.js (built here
// into a directory of its own, with a client build of its own) under plain node with the production heap flags, on a
// fresh PGlite directory seeded with the demo data. What it measures (RSS, staying alive) is the real thing.

export interface ProductionServer {
  port: number;
  pid: number;
  /** The last lines the server printed. */
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When the request was sent and when its answer ended (performance.now()). */
  sent: number;
  done: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** One request on loopback on a connection of its own, with a hard time limit (a hang is an error). */
export function request(
  port: number,
  method: 'GET' | 'POST',
  urlPath: string,
  opts: { host?: string; headers?: Record<string, string>; json?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const payload = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const sent = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        headers: {
          host: opts.host ?? 'localhost',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            sent,
            done: performance.now(),
          }),
        );
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${urlPath}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** /proc/<pid>/status in bytes: the resident set now (VmRSS) and its peak (VmHWM); null without /proc. */
export function residentBytes(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** The malloc the process runs on: jemalloc when SERVER_ENV's preload took (decision 032), else glibc's. */
export function allocator(pid: number): 'jemalloc' | 'glibc' {
  return readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libjemalloc') ? 'jemalloc' : 'glibc';
}

/** Sets VmHWM back to the current RSS (Linux ≥ 4.0, our own child): false where that is not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Builds the client and the server into directories of their own, then starts the server and waits for /healthz. */
export async function startProductionServer(
  name: string,
  opts: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<ProductionServer> {
  const root = process.cwd();
  const clientDir = path.resolve(`dist/test-${name}-${process.pid}`);
  const serverDir = `dist/test-${name}-server-${process.pid}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `dealdeck-${name}-`));
  const failure = await buildClient(root, () => undefined, clientDir);
  if (failure) throw new Error(failure);
  await buildServer(root, serverDir);

  const port = await freePort();
  const proc = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDir, 'main.js')], {
    cwd: root,
    // Nothing of the test run's environment (DATABASE_URL, REDIS_URL, …): PGlite in its own directory, one process.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      ...SERVER_ENV,
      // On PostgreSQL (a database of the test's own), demo mode is asked for: the test signs in as the demo admin.
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl, DEMO: '1' } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (b: Buffer) => (tail = (tail + b.toString()).slice(-8000));
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  const kill = () => {
    if (alive()) proc.kill('SIGKILL');
  };
  // A test process that dies before its afterAll leaves no server behind.
  process.once('exit', kill);
  const stop = async () => {
    if (alive()) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(kill, 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.removeListener('exit', kill);
    for (const dir of [clientDir, ssrDirOf(clientDir), path.resolve(serverDir), dataDir])
      await rm(dir, { recursive: true, force: true });
  };
  const server: ProductionServer = { port, pid: proc.pid ?? -1, output: () => tail, alive, stop };

  try {
    await until(
      async () => {
        if (!alive())
          throw new Error(`the server exited (${proc.exitCode ?? proc.signalCode}) before it was ready:\n${tail}`);
        return (await request(port, 'GET', '/healthz', { timeoutMs: 2_000 }).catch(() => null))?.status === 200;
      },
      { message: () => `a 200 from /healthz:\n${tail}`, timeoutMs: 150_000, everyMs: 250 },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return server;
}
