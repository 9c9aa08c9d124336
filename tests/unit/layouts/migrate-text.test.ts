import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/shared/layout/migrate';
import { versionOnlyRewrite } from '../../../src/server/layouts/migrate-text';

// `npm run layouts:migrate` keeps a file as its author wrote it: a version 1 document differs afterwards only in its
// schemaVersion (compact objects, key order and spacing kept).

const run = promisify(execFile);

const V1 = `{
  "$schema": "../../schemas/layout.schema.json",
  "schemaVersion"  :  1,
  "kind": "header",
  "serves": ["*"],
  "sections": [{ "id": "nav", "type": "nav-links", "settings": { "links": [] } }]
}
`;
const V2 = V1.replace('"schemaVersion"  :  1', '"schemaVersion"  :  2');

describe('layouts:migrate', () => {
  it('replaces only the version number when that is all a migration changed', () => {
    const before = JSON.parse(V1) as Record<string, unknown>;
    const after = migrate(before) as Record<string, unknown>;
    expect(versionOnlyRewrite(V1, before, after)).toBe(V2);
    expect(versionOnlyRewrite(`\ufeff${V1}`, before, after)).toBe(`\ufeff${V2}`);
  });

  it('declines (the whole document is written) when anything else changed', () => {
    const before = JSON.parse(V1) as Record<string, unknown>;
    expect(versionOnlyRewrite(V1, before, { ...before, schemaVersion: 2, serves: [] })).toBeNull();
  });

  it('rewrites a version 1 file in place with only its version changed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-migrate-'));
    try {
      await mkdir(path.join(dir, 'header'));
      const file = path.join(dir, 'header', 'compact.json');
      await writeFile(file, V1);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/layouts/migrate-cli.ts', dir]);
      expect(stdout).toContain('schemaVersion 1 → 2');
      expect(await readFile(file, 'utf8')).toBe(V2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
