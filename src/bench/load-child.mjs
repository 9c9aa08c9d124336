// One autocannon load in a process of its own (see load.ts): argv[2] is the JSON of { port, paths, host, seconds,
// warmup }; prints the measured run's figures as JSON. 50 connections, no pipelining; the warm-up is thrown away.
import autocannon from 'autocannon';

const { port, paths, host, seconds, warmup } = JSON.parse(process.argv[2]);

const once = (duration) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 50,
        pipelining: 1,
        duration,
        headers: { host, 'domain-name': host },
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });

if (warmup > 0) await once(warmup);
const r = await once(seconds);
process.stdout.write(JSON.stringify({
  reqPerSec: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  non2xx: r.non2xx,
  timeouts: r.timeouts,
  requests: r.requests.total,
}));
