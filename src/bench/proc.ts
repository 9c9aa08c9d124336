import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Child processes the bench starts (server, bare limit server), their readiness and their memory.

export interface Child {
  proc: ChildProcess;
  port: number;
  /** Last lines of stdout/stderr, for the report when something fails. */
  tail: () => string;
  stop: () => Promise<void>;
}

/** A free TCP port on loopback, preferring `wanted`. */
export async function freePort(wanted: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(null));
      srv.listen(port, '0.0.0.0', () => {
        const got = (srv.address() as { port: number }).port;
        srv.close(() => resolve(got));
      });
    });
  return (await tryPort(wanted)) ?? (await tryPort(0)) ?? wanted;
}

/** Spawns `node [nodeFlags] --import tsx <script>` with env; the child is its own process group so stop() ends it and its children. */
export function spawnTsx(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  nodeFlags: readonly string[] = [],
): Child {
  return spawnNode(script, args, env, port, [...nodeFlags, '--import', 'tsx']);
}

/** Spawns `node [nodeFlags] <script>` (a compiled .js, no loader) with env, as its own process group like spawnTsx. */
export function spawnNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  nodeFlags: readonly string[] = [],
  cwd?: string,
): Child {
  const proc = spawn(process.execPath, [...nodeFlags, script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-3000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.pid === undefined) return resolve();
      const timer = setTimeout(() => {
        try {
          process.kill(-proc.pid!, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 8000);
      proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        process.kill(-proc.pid, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  return { proc, port, tail: () => tail, stop };
}

/** Runs a command to completion; resolves with its exit code and the tail of its output. */
export function runCommand(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<{ code: number; tail: string }> {
  return new Promise((resolve) => {
    const proc = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (b: Buffer) => {
      tail = (tail + b.toString()).slice(-4000);
    };
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    proc.on('error', (err) => resolve({ code: -1, tail: err.message }));
    proc.on('close', (code) => resolve({ code: code ?? -1, tail }));
  });
}

/** Polls GET url until 200 or the deadline; throws with the child's output on failure. */
export async function waitForOk(url: string, child: Child, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.proc.exitCode !== null)
      throw new Error(`process exited with ${child.proc.exitCode}: ${child.tail().slice(-800)}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs / 1000} s: ${child.tail().slice(-800)}`);
}

/** Resident set size now and its high-water mark (kB → bytes) from /proc; null where /proc is unavailable. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** The node process that actually serves: tsx may run the script in a child of the spawned pid. */
export function serverPid(rootPid: number): number {
  try {
    const children = readFileSync(`/proc/${rootPid}/task/${rootPid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return children.length ? serverPid(Number(children[0])) : rootPid;
  } catch {
    return rootPid;
  }
}

/** CPU time (user + system, in clock ticks) a process has used so far, or null without /proc. */
function cpuTicks(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until each process has used at most one clock tick (10 ms) of CPU in a 250 ms window, or `maxMs`: a server
 * still compressing responses left in flight by the last load would otherwise take the CPU from the next one.
 */
export async function waitIdle(pids: number[], maxMs = 15_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let before = pids.map(cpuTicks);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const now = pids.map(cpuTicks);
    if (now.every((t, i) => t === null || before[i] === null || t - before[i]! <= 1)) return;
    before = now;
  }
}
