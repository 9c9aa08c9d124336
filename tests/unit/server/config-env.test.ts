import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configProblems, configVariables, readConfig } from '../../../src/server/config';

// src/server/config.ts is the one place the server reads its environment (issue 17): compose.yaml and the README
// are checked against configVariables(), which only holds if nothing else reads process.env.
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

describe('the environment the server reads', () => {
  it('is read in src/server/config.ts only (other files may pass process.env on whole to a child)', () => {
    const readers = sources('src/server')
      .filter((f) => !f.endsWith(`server${path.sep}config.ts`))
      // process.env.DEALDECK_SERVER_BUNDLE is no variable: esbuild writes a constant in its place (server-bundle.ts).
      .filter((f) =>
        /process\.env(\.|\[)/.test(readFileSync(f, 'utf8').replaceAll('process.env.DEALDECK_SERVER_BUNDLE', '')),
      );
    expect(readers).toEqual([]);
  });

  it('lists every variable, the shared ones of issue 17 among them', () => {
    expect(configVariables()).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'REDIS_URL',
        'REDIS_PREFIX',
        'LAYOUTS_SOURCE',
        'LAYOUTS_POLL_MS',
      ]),
    );
  });

  it('keeps one process as before without REDIS_URL, files as the layouts source', () => {
    const config = readConfig({});
    expect(config.redisUrl).toBeUndefined();
    expect(config.layoutsSource).toBe('files');
    expect(config.redisPrefix).toBe('dd:');
    expect(readConfig({ LAYOUTS_SOURCE: 'db', REDIS_URL: 'redis://r:6379', REDIS_PREFIX: 'x:' })).toMatchObject({
      layoutsSource: 'db',
      redisUrl: 'redis://r:6379',
      redisPrefix: 'x:',
    });
  });

  it('is a demo (demo data, demo admin) only on the embedded database outside production, or when DEMO asks', () => {
    const pg = 'postgres://db/x';
    expect(readConfig({}).demo).toBe(true);
    expect(readConfig({ NODE_ENV: 'development' }).demo).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(readConfig({ DATABASE_URL: pg }).demo).toBe(false);
    expect(readConfig({ DEMO: '0' }).demo).toBe(false);
    expect(readConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(readConfig({ DEMO: '1', DATABASE_URL: pg, NODE_ENV: 'production' }).demo).toBe(true);
    expect(readConfig({ DEMO: 'true', DATABASE_URL: pg }).demo).toBe(true);
    expect(readConfig({ DEMO: '', DATABASE_URL: pg }).demo).toBe(false);
    expect(configVariables()).toEqual(expect.arrayContaining(['DEMO', 'NODE_ENV']));
  });

  it('refuses a DEMO that is neither on nor off', () => {
    for (const ok of ['', '0', '1', 'true', 'false']) expect(configProblems({ DEMO: ok })).toEqual([]);
    for (const bad of ['yes', 'on', '2', 'constructor'])
      expect(configProblems({ DEMO: bad })).toEqual([expect.stringMatching(/^DEMO must be 1 or 0/)]);
  });

  it('refuses a misspelt LAYOUTS_SOURCE or a REDIS_URL that is not one', () => {
    expect(configProblems({})).toEqual([]);
    expect(configProblems({ LAYOUTS_SOURCE: 'database' })).toEqual([expect.stringMatching(/LAYOUTS_SOURCE/)]);
    expect(configProblems({ REDIS_URL: 'localhost:6379' })).toEqual([expect.stringMatching(/REDIS_URL/)]);
  });

  it('reads TRUST_PROXY as a hop count or addresses, refuses true at start and trusts none when it is refused', () => {
    expect(readConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(readConfig({ TRUST_PROXY: '172.18.0.0/16' }).trustProxy).toEqual({
      kind: 'addresses',
      ranges: ['172.18.0.0/16'],
    });
    expect(configProblems({ TRUST_PROXY: '1' })).toEqual([]);
    expect(configProblems({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY=true would trust/)]);
    expect(configProblems({ TRUST_PROXY: 'caddy' })).toEqual([expect.stringMatching(/^TRUST_PROXY: "caddy"/)]);
    // The CLIs read the config without configProblems: a refused value must not trust anyone there either.
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'none' });
  });
});
