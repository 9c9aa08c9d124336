import path from 'node:path';
import type { Plugin } from 'vite';
import { NOT_FOUND_PAGE, PAGE_ROUTES, type PageModule } from '../../shared/routes';

// The chunks (JS and CSS) that draw the layout sections — per section type, from its module `<type>/section.tsx` — and
// the chunks the entry imports, written at build time as section-chunks.json so the server can name in
// <link rel="modulepreload"> (or its hydration loader) exactly what a page needs beside the entry: the registry, and the
// components of the section types its layout documents use (the entry's own imports would otherwise be found only once
// the entry has arrived).

/** Where the section folders live: `<type>/section.tsx`, found by the page registry's import.meta.glob. */
export const SECTIONS_DIR = 'src/sections';
/** The page registry (section type → component and data atom), imported lazily by the entry. */
export const SECTION_REGISTRY_FILE = 'src/sections/page-registry.ts';
export const SECTION_CHUNKS_FILE = 'section-chunks.json';
const PAGES_DIR = 'src/client/pages';

export interface SectionChunks {
  /** Every section chunk (the registry's and all types'). */
  js: string[];
  css: string[];
  /** The entry's static imports (framework, app): absent in builds older than this field. */
  entryImports?: string[];
  /** Per lazy page module of the route table (src/shared/routes.ts), its chunks beyond the entry's. */
  pages?: Partial<Record<PageModule, string[]>>;
  /** The registry's chunks beyond the entry's: every page with layout documents needs them. */
  registry?: string[];
  /** Per section type, the chunks of its component beyond the entry's and the registry's. */
  sections?: Record<string, string[]>;
}

const SECTION_MODULE = /[\\/]src[\\/]sections[\\/]([a-z0-9]+(?:-[a-z0-9]+)*)[\\/]section\.tsx$/;

/** The section type a module id draws (its file name), or null for a module that is not a section module. */
export function sectionTypeOfModule(id: string): string | null {
  return SECTION_MODULE.exec(id)?.[1] ?? null;
}

/** The files a page of these section types preloads: the registry's, then each type's (an older build: all of them). */
export function sectionFiles(chunks: SectionChunks, types: readonly string[]): string[] {
  if (!chunks.sections) return chunks.js;
  return [...new Set([...(chunks.registry ?? []), ...types.flatMap((t) => chunks.sections?.[t] ?? [])])];
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
      // The operators' console (admin.html) is a second entry: the sections belong to the shop's.
      const entry = chunks.find(
        (c) => c.isEntry && !/admin\.html$|[\\/]src[\\/]client[\\/]console[\\/]/.test(c.facadeModuleId ?? ''),
      );
      if (!entry) return;
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        return into;
      };
      const firstLoad = closure(entry.fileName);
      const chunkOf = (file: string, label: string) => {
        const base = path.resolve(root, file).replace(/\.tsx?$/, '');
        const ids = new Set(['', '.tsx', '.ts'].map((ext) => base + ext));
        const chunk =
          chunks.find((c) => c.facadeModuleId && ids.has(c.facadeModuleId)) ??
          chunks.find((c) => c.moduleIds?.some((id) => ids.has(id)));
        if (!chunk) this.error(`${label}: no chunk holds ${file}`);
        return chunk;
      };
      const beyond = (file: string, label: string, seen: Set<string>) =>
        [...closure(chunkOf(file, label).fileName)].filter((f) => !seen.has(f));
      const registry = beyond(SECTION_REGISTRY_FILE, SECTION_REGISTRY_FILE, firstLoad);
      const shared = new Set([...firstLoad, ...registry]);
      const sections: Record<string, string[]> = {};
      const moduleIds = [...new Set(chunks.flatMap((c) => c.moduleIds ?? []))].sort();
      for (const id of moduleIds) {
        const type = sectionTypeOfModule(id);
        if (type) sections[type] = beyond(path.relative(root, id), `${SECTIONS_DIR} (section type ${type})`, shared);
      }
      if (Object.keys(sections).length === 0)
        this.error(`${SECTIONS_DIR}: no section module (<type>/section.tsx) in the build`);
      const files = new Set([...registry, ...Object.values(sections).flat()]);
      const css = [...new Set([...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
      const pages: Partial<Record<PageModule, string[]>> = {};
      for (const module of new Set([...PAGE_ROUTES, NOT_FOUND_PAGE].map((r) => r.module))) {
        const id = path.resolve(root, PAGES_DIR, `${module}.tsx`);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) this.error(`${PAGES_DIR}/${module}.tsx: no chunk of its own (every page but home is a lazy chunk)`);
        pages[module] = [...closure(chunk.fileName)].filter((f) => !firstLoad.has(f));
      }
      const out: SectionChunks = {
        js: [...files],
        css,
        entryImports: [...firstLoad].filter((f) => f !== entry.fileName),
        pages,
        registry,
        sections,
      };
      this.emitFile({ type: 'asset', fileName: SECTION_CHUNKS_FILE, source: JSON.stringify(out, null, 2) });
    },
  };
}
