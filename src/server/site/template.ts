import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SECTION_CHUNKS_FILE, type SectionChunks } from '../build/section-chunks';
import { ssrDirOf } from '../client-build';
import { fileVersion } from './file-version';

// The client's index.html (dist/client), re-read when the build replaces it; null while there is none.
export type BuildState = { state: 'ready' } | { state: 'building' } | { state: 'failed'; reason: string };

export interface TemplateSource {
  get(): Promise<string | null>;
  buildState(): BuildState;
  /** The section chunks (section-chunks.json of the same build); empty lists when the build has none. */
  sectionChunks(): Promise<SectionChunks>;
  /** The server-rendering bundle's directory of the same build (null: pages are drawn by the browser only). */
  ssrDir: string | null;
}

export function fileTemplate(
  clientDir: string,
  buildState: () => BuildState = () => ({ state: 'ready' }),
): TemplateSource {
  const file = path.join(clientDir, 'index.html');
  const fileSeen = fileVersion(file);
  let cached: { mtimeMs: number; text: string } | null = null;
  const chunksFile = path.join(clientDir, SECTION_CHUNKS_FILE);
  const chunksSeen = fileVersion(chunksFile);
  let chunks: { mtimeMs: number; map: SectionChunks } | null = null;
  return {
    buildState,
    ssrDir: ssrDirOf(clientDir),
    async sectionChunks() {
      try {
        const mtimeMs = await chunksSeen();
        if (mtimeMs === null) throw new Error('no section-chunks.json');
        if (!chunks || chunks.mtimeMs !== mtimeMs)
          chunks = { mtimeMs, map: JSON.parse(await readFile(chunksFile, 'utf8')) as SectionChunks };
        return chunks.map;
      } catch {
        return { js: [], css: [] }; // no map (an older build): sections load when the page asks for them
      }
    },
    async get() {
      try {
        const mtimeMs = await fileSeen();
        if (mtimeMs === null) return null;
        if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, text: await readFile(file, 'utf8') };
        return cached.text;
      } catch {
        return null;
      }
    },
  };
}

/** Tests (and a missing build) use a fixed template holding the two markers. */
export function fixedTemplate(text: string): TemplateSource {
  return {
    get: async () => text,
    buildState: () => ({ state: 'ready' }),
    sectionChunks: async () => ({ js: [], css: [] }),
    ssrDir: null,
  };
}
