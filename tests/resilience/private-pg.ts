import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server';

// A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port and socket directory), so the
// test can stop and restart it without touching the shared server on 5432 that other suites use.

const BINARIES = ['initdb', 'pg_ctl'] as const;

/** The directory holding initdb and pg_ctl: $PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else $PATH. */
export function findPgBin(): { dir: string } | { missing: string } {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const v of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, v, 'bin'));
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  for (const dir of candidates) if (BINARIES.every((b) => existsSync(path.join(dir, b)))) return { dir };
  return {
    missing:
      `PostgreSQL server binaries (${BINARIES.join(', ')}) not found in $PG_BIN, /usr/lib/postgresql/*/bin or $PATH ` +
      '(Debian: apt-get install postgresql); this test starts and restarts a private cluster with them',
  };
}

export interface PrivateCluster {
  port: number;
  url: string;
  start: () => Promise<void>;
  /** fast: terminate sessions and shut down cleanly; immediate: a crash (recovery from the WAL on the next start). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  destroy: () => void;
  /** The server log, for failure messages. */
  log: () => string;
}

export async function createCluster(binDir: string): Promise<PrivateCluster> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dealdeck-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const port = await freePort();
  // initdb refuses to run as root: as root, the cluster belongs to the postgres OS user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  // Asynchronous, so the test's own load keeps running (and is timed truly) while PostgreSQL stops and starts.
  const run = (bin: string, args: string[], timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const cmd = path.join(binDir, bin);
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
      execFile(file, argv, { cwd: root, encoding: 'utf8', timeout: timeoutMs }, (err, stdout, stderr) => {
        if (err)
          reject(new Error(`${bin} ${args.join(' ')} failed (${err.message}): ${stderr || stdout}\n${readLog()}`));
        else resolve(stdout);
      });
    });
  const readLog = () => {
    const r = spawnSync('tail', ['-n', '30', logFile], { encoding: 'utf8' });
    return r.stdout ?? '';
  };
  await run(
    'initdb',
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
    120_000,
  );
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=50 -c shared_buffers=32MB`;
  const cluster: PrivateCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () =>
      void (await run('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])),
    stop: async (mode = 'fast') => void (await run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop'])),
    destroy: () => {
      spawnSync(
        asRoot ? 'runuser' : path.join(binDir, 'pg_ctl'),
        asRoot
          ? ['-u', 'postgres', '--', path.join(binDir, 'pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop']
          : ['-D', dataDir, '-m', 'immediate', 'stop'],
        { cwd: root, timeout: 30_000 },
      );
      rmSync(root, { recursive: true, force: true });
    },
    log: readLog,
  };
  try {
    await cluster.start();
  } catch (err) {
    cluster.destroy();
    throw err;
  }
  return cluster;
}

/** Every email of `emails` missing from the tenant-independent newsletter table of `url`. */
export async function missingSubscriptions(url: string, emails: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = (
      await client.query<{ email: string }>('SELECT email FROM newsletter_subscriptions WHERE email = ANY($1)', [
        emails,
      ])
    ).rows;
    const present = new Set(rows.map((r) => r.email));
    return emails.filter((e) => !present.has(e));
  } finally {
    await client.end();
  }
}
