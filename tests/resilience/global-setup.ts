import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildClient } from '../../src/server/client-build';
import { ROOT } from './server';

// One client build for the whole run, in a directory of its own (several runs can share the machine); every server
// of the suite serves it, so none of them builds at start-up. Removed by the teardown this returns.
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalSetup(): Promise<() => void> {
  const dist = path.join(ROOT, 'dist');
  // Builds left by runs that were killed before their teardown.
  if (existsSync(dist)) {
    for (const name of readdirSync(dist)) {
      const pid = /^resilience-(\d+)$/.exec(name)?.[1];
      if (pid && !alive(Number(pid))) rmSync(path.join(dist, name), { recursive: true, force: true });
    }
  }
  const dir = path.join(dist, `resilience-${process.pid}`);
  const failure = await buildClient(ROOT, () => undefined, dir);
  if (failure) throw new Error(`client build for the resilience suite failed: ${failure}`);
  process.env.RESILIENCE_CLIENT_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
