import net from 'node:net';

// The machine's Redis and PostgreSQL for the tests that need them (issue 17). Absent: the test says so loudly and
// skips, or fails under CI=true (CI machines have both).
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

function reachable(url: string, fallbackPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || fallbackPort) });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** null when every service answers; else the sentence to print (and fail with under CI). */
export async function missingServices(need: { redis?: boolean; postgres?: boolean }): Promise<string | null> {
  const missing: string[] = [];
  if (need.redis && !(await reachable(REDIS_URL, 6379))) missing.push(`Redis at ${REDIS_URL} (TEST_REDIS_URL)`);
  if (need.postgres && !(await reachable(POSTGRES_URL, 5432)))
    missing.push(`PostgreSQL at ${POSTGRES_URL} (TEST_POSTGRES_URL)`);
  return missing.length ? `not reachable: ${missing.join(', ')}` : null;
}

/** Prints the loud skip message; under CI=true throws instead, so a CI run without the services fails. */
export function reportMissing(suite: string, missing: string): void {
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`[${suite}] cannot run, ${missing}: CI=true requires the machine's PostgreSQL and Redis`);
  const text = `[${suite}] SKIPPED: ${missing}`;
  console.warn(`\n${'!'.repeat(text.length)}\n${text}\n${'!'.repeat(text.length)}\n`);
}

/** A TCP relay to Redis that a test can cut (every connection dropped, refusing new ones) and restore. */
export async function cuttableRelay(
  url: string,
): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const listen = (port: number): Promise<void> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut: stop,
    restore: () => listen(port),
    close: stop,
  };
}

/** n TCP ports free on 127.0.0.1 right now (held together while asked, so they differ). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
