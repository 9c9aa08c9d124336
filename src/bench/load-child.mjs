// One autocannon load in a process of its own (see load.ts): argv[2] is the JSON of { port, paths, host, seconds,
// warmup, headers, connections? (default 50) }; prints the measured run's figures as JSON. 50 connections, no pipelining; the warm-up is thrown
// away. `headers` are sent with every request (Accept-Encoding as a browser sends it, or none for the identity path).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';

// autocannon keeps every response body as a string (`req.body += chunk`, for expectBody/verifyBody, which we do not
// use): decoding each chunk as UTF-8 made the load generator the bottleneck — 820 req/s for a 294 KB file that a
// plain server sends at 5,100 req/s, and 570 req/s for its 81 KB brotli copy (binary bytes decode slowest) against
// 12,900. Bytes are still counted (addByteCount); only the string is dropped, so the limit measured is the server's.
PipelinedRequestsQueue.prototype.addBody = function addBody() {};

// argv[2] is the JSON itself, or `@<file>` naming a file that holds it (a long list of paths). With `unique: true` each
// request takes the next path of the list across all connections, so no address is asked twice (the miss path, issue
// 27); otherwise every connection cycles through the list from its start.
const arg = process.argv[2];
const input = JSON.parse(arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg);
const { port, paths, host, seconds, warmup, headers, connections = 50, unique = false } = input;
let next = 0;

const once = (duration) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        pipelining: 1,
        duration,
        headers: { ...headers, host, 'domain-name': host },
        requests: unique
          ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }]
          : paths.map((path) => ({ method: 'GET', path })),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });

if (warmup > 0) await once(warmup);
const r = await once(seconds);
process.stdout.write(
  JSON.stringify({
    reqPerSec: r.requests.average,
    bytesPerSec: r.throughput.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    timeouts: r.timeouts,
    requests: r.requests.total,
    asked: next,
  }),
);
