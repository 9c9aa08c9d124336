import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { NOT_FOUND_PAGE, PAGE_ROUTES, type PageModule } from '../../shared/routes';

// The chunks (JS and CSS) that draw the layout sections, and the chunks the entry imports, written at build time as
// section-chunks.json so the server can name them all in <link rel="modulepreload"> beside the entry (every page draws
// header and footer sections; the entry's own imports would otherwise be found only once the entry has arrived).

export const SECTION_MODULES_FILE = 'src/client/sections/section-modules.ts';
export const SECTION_CHUNKS_FILE = 'section-chunks.json';
const PAGES_DIR = 'src/client/pages';

export interface SectionChunks {
  js: string[];
  css: string[];
  /** The entry's static imports (framework, app): absent in builds older than this field. */
  entryImports?: string[];
  /** Per lazy page module of the route table (src/shared/routes.ts), its chunks beyond the entry's. */
  pages?: Partial<Record<PageModule, string[]>>;
}

/** The modules section-modules.ts imports on demand (paths relative to that file). */
export function parseSectionModules(source: string): string[] {
  return [...new Set([...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!))];
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
      const files = new Set<string>();
      for (const rel of parseSectionModules(readFileSync(modulesFile, 'utf8'))) {
        const base = path.resolve(path.dirname(modulesFile), rel);
        const ids = new Set(['', '.tsx', '.ts'].map((ext) => base + ext));
        const chunk = chunks.find((c) => c.facadeModuleId && ids.has(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds?.some((id) => ids.has(id)));
        if (!chunk) this.error(`${SECTION_MODULES_FILE}: no chunk holds ${rel}`);
        for (const f of closure(chunk.fileName)) if (!firstLoad.has(f)) files.add(f);
      }
      const css = [...new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
      const pages: Partial<Record<PageModule, string[]>> = {};
      for (const module of new Set([...PAGE_ROUTES, NOT_FOUND_PAGE].map((r) => r.module))) {
        const id = path.resolve(root, PAGES_DIR, `${module}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) this.error(`${PAGES_DIR}/${module}.tsx: no chunk of its own (every page but home is a lazy chunk)`);
        pages[module] = [...closure(chunk.fileName)].filter((f) => !firstLoad.has(f));
      }
      const out: SectionChunks = { js: [...files], css, entryImports: [...firstLoad].filter((f) => f !== entry.fileName), pages };
      this.emitFile({ type: 'asset', fileName: SECTION_CHUNKS_FILE, source: JSON.stringify(out, null, 2) });
    },
  };
}
