import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, PGLITE_LOCK, PgliteInUseError } from '../../src/server/db/connect';
import { ensurePgliteTemplate } from './helpers/test-app';

// One process per PGlite directory: a CLI (experiments:report, digest, layouts:publish…) run beside a server on the same
// DATA_DIR would open a second PGlite on its files, and the two overwrite each other's pages. The lock refuses that
// while the holder lives and is taken over from a process that died.

describe('PGlite data directory lock', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dealdeck-pglite-lock-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a directory a live process holds, naming it', async () => {
    // The vitest main process: alive for the whole run, and not this worker.
    await writeFile(path.join(dataDir, PGLITE_LOCK), String(process.ppid));
    const opened = connectDb({ dataDir });
    await expect(opened).rejects.toBeInstanceOf(PgliteInUseError);
    await expect(opened).rejects.toThrow(`open in process ${process.ppid}`);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
  });

  it('takes over the lock of a process that died, holds it while open and drops it on close', async () => {
    const dead = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));
    await writeFile(path.join(dataDir, PGLITE_LOCK), String(dead));
    // The dumped empty cluster (tests' template) instead of an initdb.
    const loadDataDir = new Blob([await readFile(await ensurePgliteTemplate())]);
    const db = await connectDb({ dataDir, loadDataDir });
    try {
      expect(await readFile(path.join(dataDir, PGLITE_LOCK), 'utf8')).toBe(String(process.pid));
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(dataDir, PGLITE_LOCK))).toBe(false);
  }, 60_000);
});
