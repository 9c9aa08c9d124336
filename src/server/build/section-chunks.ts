import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// Section type → the chunks (JS and CSS) that draw it, written at build time as section-chunks.json so the server
// can name the first page's sections in <link rel="modulepreload"> / <link rel="stylesheet"> beside the entry.

export const SECTION_MODULES_FILE = 'src/client/sections/section-modules.ts';
export const SECTION_CHUNKS_FILE = 'section-chunks.json';

export type SectionChunks = Record<string, { js: string[]; css: string[] }>;

/** `'type': () => import('./dir/file'),` lines of section-modules.ts → type → module path relative to that file. */
export function parseSectionModules(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(/^\s*'?([a-z][a-z0-9-]*)'?\s*:\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/gm)) out.set(m[1]!, m[2]!);
  return out;
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  moduleIds?: string[];
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

export function sectionChunksPlugin(root = process.cwd()): Plugin {
  return {
    name: 'dealdeck-section-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as unknown as Record<string, ChunkLike>).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        return into;
      };
      const firstLoad = closure(entry.fileName);
      const modulesFile = path.resolve(root, SECTION_MODULES_FILE);
      const out: SectionChunks = {};
      for (const [type, rel] of parseSectionModules(readFileSync(modulesFile, 'utf8'))) {
        const base = path.resolve(path.dirname(modulesFile), rel);
        const ids = new Set(['', '.tsx', '.ts'].map((ext) => base + ext));
        const chunk = chunks.find((c) => c.facadeModuleId && ids.has(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds?.some((id) => ids.has(id)));
        if (!chunk) {
          this.error(`${SECTION_MODULES_FILE}: no chunk holds the module of section type "${type}" (${rel})`);
        }
        const files = [...closure(chunk.fileName)].filter((f) => !firstLoad.has(f));
        const css = [...new Set(files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        out[type] = { js: files, css };
      }
      this.emitFile({ type: 'asset', fileName: SECTION_CHUNKS_FILE, source: JSON.stringify(out, null, 2) });
    },
  };
}
