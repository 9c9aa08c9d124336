import { get } from './discover';
import { ACCEPT_FOR } from './encoding';
import { load, type LoadFigures } from './load';
import type { Child } from './proc';

// Issue 17: the demo home document on one instance and on three over the same PostgreSQL, 50 connections in all
// (the three share them, about 17 each, as a round-robin balancer would), back to back on the same machine.
// Each instance keeps its own response cache: a read-only load needs nothing shared (Redis is for writes and limits).

export interface InstancesResult {
  path: string;
  host: string;
  one: LoadFigures;
  three: { reqPerSec: number; p99: number; errors: number; perInstance: LoadFigures[] };
  /** three.reqPerSec / one.reqPerSec */
  scale: number;
}

export async function measureInstances(opts: {
  servers: Child[];
  path: string;
  host: string;
  seconds: number;
  warmup: number;
}): Promise<InstancesResult> {
  const { servers, path, host, seconds, warmup } = opts;
  if (servers.length !== 3) throw new Error(`three instances needed, got ${servers.length}`);
  // Each instance draws the document once before the load, as measureApi does for the one-instance rows.
  for (const s of servers) {
    const res = await get(s.port, path, host, ACCEPT_FOR.br);
    if (res.status !== 200) throw new Error(`GET ${path} on port ${s.port} answered ${res.status}`);
  }
  const one = await load(servers[0]!.port, [path], host, seconds, warmup, 'browser', 50);
  const split = [17, 17, 16];
  const perInstance = await Promise.all(
    servers.map((s, i) => load(s.port, [path], host, seconds, warmup, 'browser', split[i]!)),
  );
  const reqPerSec = perInstance.reduce((sum, f) => sum + f.reqPerSec, 0);
  return {
    path,
    host,
    one,
    three: {
      reqPerSec,
      p99: Math.max(...perInstance.map((f) => f.p99)),
      errors: perInstance.reduce((sum, f) => sum + f.errors + f.non2xx, 0),
      perInstance,
    },
    scale: one.reqPerSec > 0 ? reqPerSec / one.reqPerSec : 0,
  };
}
