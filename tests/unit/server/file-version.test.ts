import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileVersion, RECHECK_MS } from '../../../src/server/site/file-version';

// Issue 27: the client build's files are looked at once a second, not on every page; a missing one every time.
describe('fileVersion', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dd-file-version-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('trusts a seen version for RECHECK_MS, then sees the new one', async () => {
    const file = path.join(dir, 'index.html');
    await writeFile(file, 'one');
    await utimes(file, 1_000, 1_000);
    let t = 0;
    const version = fileVersion(file, () => t);
    const first = await version();
    expect(first).toBe(1_000_000);
    await utimes(file, 2_000, 2_000);
    t = RECHECK_MS - 1;
    expect(await version()).toBe(first);
    t = RECHECK_MS;
    expect(await version()).toBe(2_000_000);
  });

  it('looks for a missing file on every call, so a finished build is served at once', async () => {
    const file = path.join(dir, 'render.js');
    const version = fileVersion(file, () => 0);
    expect(await version()).toBeNull();
    await writeFile(file, 'export {}');
    expect(await version()).not.toBeNull();
  });
});
