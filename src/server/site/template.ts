import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

// The client's index.html (dist/client), re-read when the build replaces it; null while there is none.
export type BuildState = { state: 'ready' } | { state: 'building' } | { state: 'failed'; reason: string };

export interface TemplateSource {
  get(): Promise<string | null>;
  buildState(): BuildState;
}

export function fileTemplate(clientDir: string, buildState: () => BuildState = () => ({ state: 'ready' })): TemplateSource {
  const file = path.join(clientDir, 'index.html');
  let cached: { mtimeMs: number; text: string } | null = null;
  return {
    buildState,
    async get() {
      try {
        const s = await stat(file);
        if (!cached || cached.mtimeMs !== s.mtimeMs) cached = { mtimeMs: s.mtimeMs, text: await readFile(file, 'utf8') };
        return cached.text;
      } catch {
        return null;
      }
    },
  };
}

/** Tests (and a missing build) use a fixed template holding the two markers. */
export function fixedTemplate(text: string): TemplateSource {
  return { get: async () => text, buildState: () => ({ state: 'ready' }) };
}
