import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { PRECOMPRESS_IF_LARGER } from '../cache/response-store';

// Every file of the client build gets its brotli (quality 11) and gzip (level 9) copy beside it, written once at build
// time: the server sends those bytes (@fastify/static's preCompressed) and never compresses an asset on the request path.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images such as PNG or WebP are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|ico|map|webmanifest|wasm)$/i;
/** Below this a compressed copy saves next to nothing (a small chunk of ~900 bytes still shrinks by half). */
export { PRECOMPRESS_IF_LARGER as PRECOMPRESS_MIN_BYTES } from '../cache/response-store';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` (recursively); returns the files done. */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const done: string[] = [];
  // Both cores: zlib's async calls run on libuv's thread pool.
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < PRECOMPRESS_IF_LARGER) return;
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      done.push(file);
    }),
  );
  return done;
}

export function precompressPlugin(): Plugin {
  return {
    name: 'dealdeck-precompress',
    apply: 'build',
    // Once the bundle is on disk (Vite copied public/ before it): only after a build that succeeded.
    async writeBundle(options) {
      if (!options.dir) return;
      const done = await precompressDir(options.dir);
      this.info(`precompressed ${done.length} files (brotli 11 + gzip 9)`);
    },
  };
}
