import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  code?: string;
  source?: string | Uint8Array;
  viteMetadata?: { importedCss?: Set<string> };
}

export interface FirstLoadReport {
  entry: string;
  js: { file: string; bytes: number; gzip: number }[];
  css: { file: string; bytes: number; gzip: number }[];
  totalJsGzip: number;
  totalCssGzip: number;
  lazyChunks: { file: string; gzip: number }[];
}

const sizeOf = (text: string | Uint8Array) => {
  const buf = typeof text === 'string' ? Buffer.from(text) : Buffer.from(text);
  return { bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};

/** The operators' console (admin.html) is a second entry; the home route is the other one. */
const isConsoleEntry = (c: ChunkLike): boolean =>
  /admin\.html$|[\\/]src[\\/]client[\\/]console[\\/]/.test(c.facadeModuleId ?? '');

/** Reports, at build time, the JavaScript and CSS the home route loads first (entry + static imports) and every lazy chunk. */
export function firstLoadReportPlugin(): Plugin {
  return {
    name: 'dealdeck-first-load-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const entry = Object.values(chunks).find((c) => c.type === 'chunk' && c.isEntry && !isConsoleEntry(c));
      if (!entry) return;
      const seen = new Set<string>();
      const walk = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const dep of chunks[file]?.imports ?? []) walk(dep);
      };
      walk(entry.fileName);
      const js = [...seen].map((file) => ({ file, ...sizeOf(chunks[file]?.code ?? '') }));
      const cssFiles = new Set([...seen].flatMap((file) => [...(chunks[file]?.viteMetadata?.importedCss ?? [])]));
      const css = [...cssFiles].map((file) => ({ file, ...sizeOf(chunks[file]?.source ?? '') }));
      const lazyChunks = Object.values(chunks)
        .filter((c) => c.type === 'chunk' && !seen.has(c.fileName))
        .map((c) => ({ file: c.fileName, gzip: sizeOf(c.code ?? '').gzip }));
      const report: FirstLoadReport = {
        entry: entry.fileName,
        js,
        css,
        totalJsGzip: js.reduce((n, f) => n + f.gzip, 0),
        totalCssGzip: css.reduce((n, f) => n + f.gzip, 0),
        lazyChunks,
      };
      this.emitFile({ type: 'asset', fileName: 'first-load.json', source: JSON.stringify(report, null, 2) });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(
        `\nfirst-load (home route): JS ${kb(report.totalJsGzip)} gzip in ${js.length} file(s), CSS ${kb(report.totalCssGzip)} gzip; ${lazyChunks.length} lazy chunk(s), largest ${kb(Math.max(0, ...lazyChunks.map((c) => c.gzip)))} gzip`,
      );
    },
  };
}
