import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, isServerBuildStale, SERVER_ENTRIES } from '../../../src/server/build/server-bundle';

// The compiled server npm start runs: built from the sources, rebuilt when one of them changes, and still finding the
// files its sources find beside them (migrations, schemas) through a source-relative import.meta.url.
const root = process.cwd();
const outDir = `dist/server-test-${process.pid}`;
afterAll(() => rm(path.join(root, outDir), { recursive: true, force: true }));

describe('the compiled server (dist/server)', () => {
  it('is stale while missing, fresh once built, stale again when an input it was built from goes', async () => {
    expect(await isServerBuildStale(root, outDir)).toBe(true);
    await buildServer(root, outDir);
    expect(await isServerBuildStale(root, outDir)).toBe(false);
    const metaFile = path.join(root, outDir, 'meta.json');
    const meta = JSON.parse(await readFile(metaFile, 'utf8')) as { inputs: string[] };
    expect(meta.inputs).toContain(SERVER_ENTRIES.main);
    expect(meta.inputs).toContain('src/server/db/migrate.ts');
    await writeFile(metaFile, JSON.stringify({ inputs: [...meta.inputs, 'src/server/gone.ts'] }));
    expect(await isServerBuildStale(root, outDir)).toBe(true);
  }, 60_000);

  it('resolves import.meta.url to each source file, relative to the bundle', async () => {
    await buildServer(root, outDir);
    const names = (await readdir(path.join(root, outDir))).filter((f) => f.endsWith('.js'));
    const files = await Promise.all(names.map((n) => readFile(path.join(root, outDir, n), 'utf8')));
    const code = files.join('\n');
    const urls = [...code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]!);
    expect(urls).toContain('../../src/server/db/migrate.ts');
    for (const u of urls) {
      const source = path.resolve(root, outDir, u);
      expect(source.startsWith(path.join(root, 'src') + path.sep), u).toBe(true);
      await expect(readFile(source, 'utf8')).resolves.toContain('import.meta.url');
    }
    // Nothing else reads the bundle's own location, except the seed child's path (import.meta.dirname, meant).
    expect(code.replace(/new URL\("[^"]+", import\.meta\.url\)/g, '')).not.toMatch(/import\.meta\.url/);
  }, 60_000);
});
