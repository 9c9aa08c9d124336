import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

// The compiled server: `npm start` runs dist/server/main.js with plain `node`, no tsx loader at run time (its
// compile-on-import cache and esbuild service held ~30 MB of the server's RSS; see docs/decisions/018). esbuild (tsx's
// own compiler, a production dependency) bundles the server's sources into a few ES modules; packages stay imports.

/** The server's programs, bundled each into dist/server/<name>.js. */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  // openDatabase runs it in a child process for a new PGlite database.
  'seed-cli': 'src/server/db/seed/seed-cli.ts',
  // The server-rendering threads (piscina loads it by file name).
  'render-worker': 'src/server/site/render-worker.ts',
} as const;
export const SERVER_OUT_DIR = 'dist/server';
/** The build's own record of its inputs (esbuild's metafile): an input newer than the build makes it stale. */
const META = 'meta.json';

/**
 * Sources find files beside them through `import.meta.url` (migrations/*.sql, schemas/): in the bundle each module's
 * `import.meta.url` stays the URL of its source file, computed relative to the bundle, so the compiled server reads the
 * same files as tsx does and the project can move as a whole (a container image).
 */
function sourceUrlPlugin(root: string, outDir: string): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        const loader = args.path.endsWith('x') ? 'tsx' : 'ts';
        if (!text.includes('import.meta.url')) return { contents: text, loader };
        const rel = path.relative(path.join(root, outDir), args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader };
      });
    },
  };
}

/** Bundles SERVER_ENTRIES into `outDir` (written beside it, then swapped in: a running build never sees half a bundle). */
export async function buildServer(root: string, outDir = SERVER_OUT_DIR): Promise<void> {
  const final = path.join(root, outDir);
  const temp = `${final}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, src]) => [name, src])),
    outdir: temp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Chunks beside the entries (never in a subdirectory): the relative source URLs below are computed from outDir.
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    // Tells the code it runs compiled (openDatabase starts seed-cli.js beside it, not the .ts source).
    define: { 'process.env.DEALDECK_SERVER_BUNDLE': '"1"' },
    logLevel: 'warning',
    plugins: [sourceUrlPlugin(root, outDir)],
  });
  await writeFile(path.join(temp, META), JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }));
  await mkdir(path.dirname(final), { recursive: true });
  const old = `${final}.old-${process.pid}`;
  await rename(final, old).catch(() => undefined);
  try {
    await rename(temp, final);
  } catch (err) {
    // Another start compiled the same sources at the same moment and swapped its build in first: keep that one.
    await rm(temp, { recursive: true, force: true });
    if (!(await stat(path.join(final, 'main.js')).catch(() => null))) throw err;
  }
  await rm(old, { recursive: true, force: true });
}

/** True when the compiled server is missing, or one of the sources it was built from changed (or went) since. */
export async function isServerBuildStale(root: string, outDir = SERVER_OUT_DIR): Promise<boolean> {
  const dir = path.join(root, outDir);
  let built: number;
  let inputs: string[];
  try {
    const outputs = await Promise.all(Object.keys(SERVER_ENTRIES).map((name) => stat(path.join(dir, `${name}.js`))));
    built = Math.min(...outputs.map((s) => s.mtimeMs));
    inputs = (JSON.parse(await readFile(path.join(dir, META), 'utf8')) as { inputs: string[] }).inputs;
  } catch {
    return true;
  }
  for (const input of [...inputs, 'package.json', 'tsconfig.json']) {
    const s = await stat(path.join(root, input)).catch(() => null);
    if (!s || s.mtimeMs > built) return true;
  }
  return false;
}
