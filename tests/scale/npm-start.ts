import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ssrDirOf } from '../../src/server/client-build';

// The real server as `npm start` runs it, for tests that start server processes over the machine's services: the
// script's preparing steps (`a && b && node …`), run once here, then its last command, run without npm in between so
// a signal reaches the server itself.

export interface NpmStart {
  /** Runs the steps before the server (the server build). */
  prepare(): void;
  /** node's arguments of the last step (heap flags and dist/server/main.js). */
  nodeArgs: string[];
  /** The variables the last step sets before `node` (`NAME=value node …`). */
  env: Record<string, string>;
}

export function npmStart(root: string): NpmStart {
  const steps = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start
    .split('&&')
    .map((step) => step.trim());
  const words = steps.at(-1)!.split(/\s+/);
  const assignments = words.slice(
    0,
    words.findIndex((word) => !/^[A-Z_]+=/.test(word)),
  );
  const env = Object.fromEntries(assignments.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  const [command, ...nodeArgs] = words.slice(assignments.length);
  if (command !== 'node') throw new Error(`npm start runs "${command}", not node: update tests/scale/npm-start.ts`);
  const bin = path.join(root, 'node_modules', '.bin');
  return {
    nodeArgs,
    env,
    prepare() {
      for (const step of steps.slice(0, -1))
        execSync(step, {
          cwd: root,
          stdio: 'pipe',
          env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
        });
    },
  };
}

/**
 * A stand-in client build (index.html and a render.js drawing nothing) in `dir`: what these tests check is not how
 * pages are drawn (the e2e suite covers that), and `npm start` would otherwise build the client.
 */
export async function standInClient(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await mkdir(ssrDirOf(dir), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><!--dealdeck:head--></head>' +
      '<body><div id="root"></div><!--dealdeck:bootstrap--></body></html>',
  );
  await writeFile(
    path.join(ssrDirOf(dir), 'render.js'),
    'export async function renderPage() { return { html: "", queries: [], complete: true }; }\n',
  );
}
