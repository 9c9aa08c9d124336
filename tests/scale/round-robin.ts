import http from 'node:http';

// The test's load balancer: round-robin over the instances, like compose.yaml's Caddy (lb_policy round_robin with
// lb_try_duration): an instance that refuses or drops a connection is skipped for a while and an idempotent request
// (or one that never reached it) is tried on the next.
export interface RoundRobin {
  url: string;
  close(): Promise<void>;
}

const DOWN_FOR_MS = 2_000;

export async function roundRobin(ports: number[], listenPort = 0): Promise<RoundRobin> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const downUntil = new Map<number, number>();
  let next = 0;
  const pick = (tried: Set<number>): number | undefined => {
    for (let i = 0; i < ports.length; i++) {
      const port = ports[(next + i) % ports.length]!;
      if (tried.has(port) || (downUntil.get(port) ?? 0) > Date.now()) continue;
      next = (next + i + 1) % ports.length;
      return port;
    }
    return ports.find((p) => !tried.has(p));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<number>();
      const attempt = (): void => {
        const port = pick(tried);
        if (port === undefined) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
          return;
        }
        tried.add(port);
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          downUntil.set(port, Date.now() + DOWN_FOR_MS);
          const neverReached = err.code === 'ECONNREFUSED';
          const idempotent = req.method === 'GET' || req.method === 'HEAD';
          if (!res.headersSent && (neverReached || idempotent)) attempt();
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
