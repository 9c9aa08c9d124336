import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

// `npm start` builds the client when dist/client is missing or older than any of its inputs.
export const BUILD_INPUTS = ['src/client', 'src/shared', 'index.html', 'admin.html', 'vite.config.ts', 'schemas'];

async function newestMtime(p: string): Promise<number> {
  let s;
  try {
    s = await stat(p);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of await readdir(p)) newest = Math.max(newest, await newestMtime(path.join(p, entry)));
  return newest;
}

/** True when the client build or its server-rendering bundle is missing, or older than any of its inputs. */
export async function isClientBuildStale(rootDir: string, clientDir: string): Promise<boolean> {
  const built = Math.min(
    await newestMtime(path.join(clientDir, 'index.html')),
    await newestMtime(path.join(ssrDirOf(clientDir), 'render.js')),
  );
  if (built === 0) return true;
  for (const input of BUILD_INPUTS) if ((await newestMtime(path.join(rootDir, input))) > built) return true;
  return false;
}

/** Where the server-rendering bundle of a client build lives: beside it, never inside the served directory. */
export const ssrDirOf = (clientDir: string): string => `${clientDir.replace(/[\\/]+$/, '')}-ssr`;

function runVite(rootDir: string, buildArgs: string[], log: (line: string) => void): Promise<string | null> {
  const viteBin = path.join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js');
  const [cmd, args] = existsSync(viteBin)
    ? [process.execPath, [viteBin, ...buildArgs]]
    : ['npx', ['vite', ...buildArgs]];
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let tail = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (err) => resolve(`could not start vite: ${err.message}`));
    child.on('close', (code) =>
      resolve(code === 0 ? null : `vite build exited with ${code}: ${tail.trim().split('\n').slice(-5).join(' | ')}`),
    );
  });
}

/**
 * `vite build` of the client, then `vite build --ssr` of the server-rendering bundle beside it (ssrDirOf), in child
 * processes; resolves with null on success or the reason it failed.
 */
export async function buildClient(
  rootDir: string,
  log: (line: string) => void,
  outDir = path.join(rootDir, 'dist', 'client'),
): Promise<string | null> {
  const client = await runVite(rootDir, ['build', '--outDir', outDir, '--emptyOutDir'], log);
  if (client !== null) return client;
  return runVite(rootDir, ['build', '--ssr', '--outDir', ssrDirOf(outDir), '--emptyOutDir'], log); // entry: vite.config.ts
}
