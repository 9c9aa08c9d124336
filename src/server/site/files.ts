import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderAsset } from '../db/seed/demo';
import { assetMemory, type AssetMemory, type Kept } from './asset-memory';
import { rasterise } from '../media/process';
import { LAYOUT_KINDS } from '../../shared/contract/values';
import { ApiError } from '../lib/api-error';
import { wantsHtml } from '../plugins/tenancy';
import type { PreviewGrants } from './preview-grant';

// Static answers: built client files (hashed → immutable), generated demo SVGs, raw layout files for preview.
const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|svg|png|jpe?g|webp|avif|gif|ico|json|map)$/;
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;
const LAYOUT_FILE = /^[a-z0-9][a-z0-9-]{0,99}\.json$/;
const LAYOUT_KIND_SET: ReadonlySet<string> = new Set(LAYOUT_KINDS);

/** A path below root made of safe segments (no '..', no dot-files), or null. */
export function safeJoin(root: string, rel: string): string | null {
  const parts = rel.split('/');
  if (parts.length === 0 || parts.length > 8 || !parts.every((p) => SAFE_SEGMENT.test(p))) return null;
  const full = path.resolve(root, ...parts);
  return full.startsWith(path.resolve(root) + path.sep) ? full : null;
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/**
 * `<drawing>.png`: a PNG of one of the server's own SVG drawings (the demo's images), for mail clients that show no SVG
 * (issue 26); rasterised on first request, then kept with the drawings. Never an upload (those have their own PNG).
 */
async function drawnPng(assets: AssetMemory, rel: string): Promise<Kept | null> {
  const svg = rel.endsWith('.png') ? renderAsset(`${rel.slice(0, -'.png'.length)}.svg`) : null;
  if (!svg) return null;
  const urlPath = `/assets/${rel}`;
  const known = assets.drawn(urlPath, () => null);
  if (known) return known;
  const body = await rasterise(svg.body);
  return assets.drawn(urlPath, () => ({ contentType: 'image/png', body }));
}

interface FileOptions {
  clientDir: string;
  /** A layout document's text for a granted preview: its draft, else the one in force (layouts/studio.ts). */
  layoutText: (path: string) => Promise<string | null>;
  assets?: AssetMemory;
  grants: PreviewGrants;
  now: () => number;
}

export async function fileRoutes(app: FastifyInstance, opts: FileOptions): Promise<void> {
  registerAssets(app, opts.clientDir, opts.assets ?? assetMemory(opts.clientDir));
  registerLayoutFiles(app, opts);
  registerRootFiles(app, opts.clientDir);
}

function registerAssets(app: FastifyInstance, clientDir: string, assets: AssetMemory): void {
  // No compression on the request path (compress: false): built files have their precompressed copies, drawn ones are
  // compressed once and kept.
  app.get<{ Params: { '*': string } }>(
    '/assets/*',
    {
      compress: false,
      schema: {
        tags: ['site'],
        summary: 'Built client assets (immutable) and generated demo images (SVG, and .png of each for mail)',
      },
    },
    async (req, reply) => {
      const rel = req.params['*'];
      const file = safeJoin(path.join(clientDir, 'assets'), rel);
      if (file && (await isFile(file))) {
        const hashed = HASHED.test(rel);
        // Kept in memory from now on: the next request for it is answered before Fastify (asset-memory.ts).
        if (hashed) assets.remember(`/assets/${rel}`);
        return reply.sendFile(
          path.relative(clientDir, file),
          clientDir,
          hashed
            ? // Never revalidated nor fetched in ranges: no validators or range headers (bytes on every file of a visit).
              { immutable: true, maxAge: 31_536_000_000, etag: false, lastModified: false, acceptRanges: false }
            : { maxAge: 3_600_000 },
        );
      }
      const asset = (await drawnPng(assets, rel)) ?? assets.drawn(`/assets/${rel}`, () => renderAsset(rel));
      if (!asset) throw new ApiError(404, `No asset at /assets/${rel.slice(0, 200)}`);
      reply.hijack(); // complete headers of its own, the same the early answer sends (asset-memory.ts)
      assets.send(req.raw, reply.raw, asset);
      return reply;
    },
  );
}

function registerLayoutFiles(app: FastifyInstance, opts: FileOptions): void {
  app.get<{ Params: { kind: string; file: string }; Querystring: { grant?: string } }>(
    '/layouts/:kind/:file',
    {
      schema: {
        tags: ['site'],
        summary:
          "A layout document as stored (even when invalid): its draft, else the text in force, for the operators' preview: only with a preview grant for it (?grant=), else 404",
        params: {
          type: 'object',
          properties: {
            kind: { type: 'string', enum: [...LAYOUT_KINDS] },
            file: { type: 'string', pattern: LAYOUT_FILE.source },
          },
        },
        querystring: { type: 'object', properties: { grant: { type: 'string', maxLength: 2000 } } },
      },
    },
    async (req, reply) => {
      const { kind, file } = req.params;
      if (!LAYOUT_KIND_SET.has(kind) || !LAYOUT_FILE.test(file)) throw new ApiError(400, 'Bad layout file name.');
      // A document not yet live (a campaign next week) is the operators' business only (issue 25).
      const grant = opts.grants.verify(req.query.grant, opts.now());
      if (!grant || grant.layout !== `${kind}/${file}`) throw new ApiError(404, `No layout file ${kind}/${file}`);
      // The console previews a draft (a document that exists only as a draft too) before anyone publishes it.
      const text = await opts.layoutText(`${kind}/${file}`);
      if (text === null) throw new ApiError(404, `No layout file ${kind}/${file}`);
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text);
    },
  );
}

function registerRootFiles(app: FastifyInstance, clientDir: string): void {
  // Other files at the root of the client build (e.g. favicon.ico from Vite's public/).
  // Build files here are precompressed too (@fastify/compress leaves an encoded reply alone); the SPA's not-found page
  // answered from here is compressed as usual.
  app.get<{ Params: { file: string } }>(
    '/:file',
    {
      schema: {
        tags: ['site'],
        summary: 'Files at the root of the client build',
        params: { type: 'object', properties: { file: { type: 'string', maxLength: 200 } } },
      },
    },
    async (req, reply: FastifyReply) => {
      const name = req.params.file;
      const full = name !== 'index.html' ? safeJoin(clientDir, name) : null;
      if (!full || !(await isFile(full))) {
        // A browser asking for an unknown page gets the SPA's not-found page with its 404 (site/pages.ts).
        if (wantsHtml(req) && app.hasDecorator('siteNotFound')) return app.siteNotFound(req, reply);
        throw new ApiError(404, `Not found: /${name.slice(0, 200)}`);
      }
      return reply.sendFile(name, clientDir, { maxAge: 3_600_000 });
    },
  );
}
