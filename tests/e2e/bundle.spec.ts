import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { clientDir } from './helpers';

// The e2e server built the client before the tests started.
const assets = path.join(clientDir, 'assets');

test('The browser bundle ships no ajv compiler and nothing that needs unsafe-eval', () => {
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/\bnew Function\s*\(/);
    expect(code, file).not.toMatch(/\beval\s*\(/);
    // Markers of ajv's compiler (code generation, schema compilation), absent from standalone validators.
    expect(code, file).not.toMatch(/KeywordCxt|compileSchema|strict mode: unknown keyword|ajv\/dist\/compile/);
  }
});

test('The home route loads only its own code: every other route is a lazy chunk', () => {
  const manifest = JSON.parse(readFileSync(path.resolve(assets, '../.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
  >;
  // Two entries: the shop (index.html) and the operators' console (admin.html, docs/decisions/015-operator-console.md).
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  expect(entries.map(([key]) => key).sort(), 'the manifest names the entries').toEqual(['admin.html', 'index.html']);
  /** A chunk and every chunk it imports statically: what loads with it. */
  const loadedWith = (start: string) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) visit(dep);
    };
    visit(start);
    return seen;
  };
  const firstLoad = loadedWith('index.html');
  const pages = [...firstLoad].filter((key) => key.includes('src/client/pages/') && !key.endsWith('home-page.tsx'));
  expect(pages).toEqual([]);
  expect([...firstLoad].filter((key) => key.includes('console') || key === 'admin.html')).toEqual([]);
  // The console's layout studio (issue 29) is loaded on demand by the console, and by nothing of the shop.
  expect([...loadedWith('admin.html')].filter((key) => key.includes('console/studio/'))).toEqual([]);
  expect(manifest['admin.html']?.dynamicImports ?? []).toContain('src/client/console/studio/studio-panel.tsx');
  // The route table (in the first load) imports every other page on demand.
  expect(
    [...firstLoad].some((key) => manifest[key]?.dynamicImports?.some((d) => d.includes('src/client/pages/'))),
  ).toBe(true);
});
