import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchLayouts, type LoadedLayouts } from '../../../src/server/layouts/load';

// Operators edit a document while the server runs; the watcher re-loads and hands over the new set.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function copyOfLayouts(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-layouts-'));
  await cp('layouts', dir, { recursive: true });
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts watching and returns a function that waits for the next load matching `until`. */
function watchUntil(dir: string) {
  const seen: LoadedLayouts[] = [];
  let wake: (() => void) | undefined;
  const stop = watchLayouts(
    dir,
    (loaded) => {
      seen.push(loaded);
      wake?.();
    },
    { debounceMs: 30 },
  );
  cleanups.push(async () => stop());
  return async (until: (loaded: LoadedLayouts) => boolean): Promise<LoadedLayouts> => {
    for (;;) {
      const hit = seen.find(until);
      if (hit) return hit;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
}

describe('watchLayouts', () => {
  it('re-loads after a document is edited', async () => {
    const dir = await copyOfLayouts();
    const next = watchUntil(dir);
    const file = path.join(dir, 'home', 'landing.json');
    const doc = JSON.parse(await readFile(file, 'utf8')) as { title: string };
    await writeFile(file, JSON.stringify({ ...doc, title: 'Landing, edited' }, null, 2));
    const loaded = await next((l) => l.documents.some((d) => d.doc.title === 'Landing, edited'));
    expect(loaded.problems).toEqual([]);
    expect(loaded.documents.find((d) => d.doc.title === 'Landing, edited')?.file).toBe(
      `${dir.split(path.sep).join('/')}/home/landing.json`,
    );
  }, 10_000);

  it('reports a document broken by an edit, and stops when asked', async () => {
    const dir = await copyOfLayouts();
    const next = watchUntil(dir);
    await writeFile(path.join(dir, 'footer', 'two.json'), '{ "kind": ');
    const loaded = await next((l) => l.problems.length > 0);
    expect(loaded.problems[0]?.file).toMatch(/footer\/two\.json$/);
    expect(loaded.problems[0]?.message).toMatch(/^invalid JSON at line 1, column 11/);
    expect(loaded.documents.some((d) => d.file.endsWith('footer/two.json'))).toBe(false);
  }, 10_000);

  it('calls nothing after stop()', async () => {
    const dir = await copyOfLayouts();
    let calls = 0;
    const stop = watchLayouts(dir, () => (calls += 1), { debounceMs: 10 });
    stop();
    // A second, live watcher with a longer debounce reloads only after the stopped one would have been called.
    const next = watchUntil(dir);
    await writeFile(path.join(dir, 'header', 'one.json'), '{}');
    await next((loaded) => loaded.problems.some((p) => p.file.endsWith('header/one.json')));
    expect(calls).toBe(0);
  });
});
