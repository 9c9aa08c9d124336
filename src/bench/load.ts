import autocannon from 'autocannon';

// autocannon on loopback: 50 connections, no pipelining, a warm-up run that is thrown away, then the measured run.

export interface LoadFigures { reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number; timeouts: number; requests: number }

function once(port: number, paths: string[], host: string, seconds: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 50,
        pipelining: 1,
        duration: seconds,
        headers: { host, 'domain-name': host },
        requests: paths.map((path) => ({ method: 'GET' as const, path })),
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          reqPerSec: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          errors: r.errors,
          non2xx: r.non2xx,
          timeouts: r.timeouts,
          requests: r.requests.total,
        });
      },
    );
  });
}

/** Warm-up of `warmup` seconds (discarded), then `seconds` measured; requests cycle through `paths`. */
export async function load(port: number, paths: string[], host: string, seconds: number, warmup: number): Promise<LoadFigures> {
  if (warmup > 0) await once(port, paths, host, warmup);
  return once(port, paths, host, seconds);
}
