import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { requestHeaders, type Encoding } from './encoding';

// autocannon on loopback: 50 connections, no pipelining, a warm-up run that is thrown away, then the measured run.
// Each load runs in a fresh Node process (load-child.mjs): in the bench's own process it shared a heap grown by the
// Lighthouse runs before it, and its garbage collection pauses showed up as server latency (p99 × 5, and the bare
// Fastify limit at a third of a fresh process's).

export interface LoadFigures {
  reqPerSec: number;
  bytesPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  requests: number;
}

const CHILD = fileURLToPath(new URL('./load-child.mjs', import.meta.url));

/** Warm-up of `warmup` seconds (discarded), then `seconds` measured; requests cycle through `paths`, sent as `encoding` asks. */
export function load(
  port: number,
  paths: string[],
  host: string,
  seconds: number,
  warmup: number,
  encoding: Encoding,
  connections = 50,
): Promise<LoadFigures> {
  const input = JSON.stringify({ port, paths, host, seconds, warmup, headers: requestHeaders(encoding), connections });
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CHILD, input],
      { timeout: (seconds + warmup + 60) * 1000, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => {
        if (err)
          return reject(new Error(`autocannon failed: ${err.message}${stderr ? `\n${stderr.slice(-1000)}` : ''}`));
        try {
          resolve(JSON.parse(stdout) as LoadFigures);
        } catch {
          reject(new Error(`autocannon printed no figures: ${stdout.slice(0, 500)} ${stderr.slice(-500)}`));
        }
      },
    );
  });
}
