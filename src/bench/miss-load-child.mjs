// One autocannon load of never-repeated addresses, in a process of its own (see misses.ts): argv[2] is the path of a
// JSON file { port, host, seconds, connections, headers, paths }. Each request takes the next path of the list, across
// all connections (autocannon's `requests` list would start every connection at the first path, so each address
// would be asked ten times and nine of them would be cache hits). Prints the figures as load-child.mjs does.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';

// See load-child.mjs: the bodies are counted, not kept as strings.
PipelinedRequestsQueue.prototype.addBody = function addBody() {};

const { port, host, seconds, connections, headers, paths } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let next = 0;
const r = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections,
  pipelining: 1,
  duration: seconds,
  headers: { ...headers, host, 'domain-name': host },
  requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
});
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
