import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FirstLoadReport } from '../server/build/first-load-report';
import { buildClient as buildSite } from '../server/client-build';
import { get } from './discover';

// Bundle sizes of the home route (entry + static imports) and every lazy chunk, gzip and brotli, from the build's own report.

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}
export interface BundleResult {
  entry: string;
  js: FileSize[];
  css: FileSize[];
  firstLoadJs: { bytes: number; gzip: number; brotli: number };
  firstLoadCss: { bytes: number; gzip: number; brotli: number };
  lazyChunks: FileSize[];
}

const compressed = (buf: Buffer) => ({
  bytes: buf.length,
  gzip: gzipSync(buf, { level: 9 }).length,
  brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

const sum = (files: FileSize[]) => ({
  bytes: files.reduce((n, f) => n + f.bytes, 0),
  gzip: files.reduce((n, f) => n + f.gzip, 0),
  brotli: files.reduce((n, f) => n + f.brotli, 0),
});

/** The server's build (client + server-rendering bundle) into `clientDir`: the bench's own, never dist/client that others may be serving. */
export async function buildClient(rootDir: string, clientDir: string): Promise<void> {
  const failure = await buildSite(rootDir, () => undefined, clientDir);
  if (failure !== null) throw new Error(failure);
}

/** Reads first-load.json (written by the build) and measures each listed file on disk in both encodings. */
export async function measureBundle(clientDir: string): Promise<BundleResult> {
  const report = JSON.parse(await readFile(path.join(clientDir, 'first-load.json'), 'utf8')) as FirstLoadReport;
  const measure = async (file: string): Promise<FileSize> => ({
    file,
    ...compressed(await readFile(path.join(clientDir, file))),
  });
  const js = await Promise.all(report.js.map((f) => measure(f.file)));
  // First-load CSS: the stylesheets index.html links (one site-wide file, CSS code splitting is off) plus any a chunk imports.
  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].map((m) => m[1]!);
  const css = await Promise.all(
    [...new Set([...linked, ...report.css.map((f) => f.file)])].map((file) => measure(file)),
  );
  const lazyChunks = (await Promise.all(report.lazyChunks.map((f) => measure(f.file)))).sort((a, b) => b.gzip - a.gzip);
  return { entry: report.entry, js, css, firstLoadJs: sum(js), firstLoadCss: sum(css), lazyChunks };
}

export interface HtmlSize {
  url: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

/** The HTML document of each home (it differs per tenant: head tags and the inlined bootstrap). */
export async function measureHtml(port: number, hosts: string[]): Promise<HtmlSize[]> {
  const out: HtmlSize[] = [];
  for (const host of hosts) {
    const res = await get(port, '/', host);
    if (res.status !== 200) throw new Error(`GET / for ${host} answered ${res.status}`);
    out.push({ url: `http://${host}:${port}/`, ...compressed(res.body) });
  }
  return out;
}
