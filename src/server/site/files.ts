import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { encodeOnce, pickEncoding, type Variants } from '../cache/response-store';
import { renderAsset } from '../db/seed/demo';
import { ApiError } from '../plugins/api-error';
import { wantsHtml } from '../plugins/tenancy';

// Static answers: built client files (hashed → immutable), generated demo SVGs, raw layout files for preview.
const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|svg|png|jpe?g|webp|avif|gif|ico|json|map)$/;
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;
const LAYOUT_FILE = /^[a-z0-9][a-z0-9-]{0,99}\.json$/;
const LAYOUT_KINDS = new Set(['home', 'header', 'footer']);

/** Generated demo images, each drawn and compressed once (a bounded map: the demo has a few hundred). */
interface DrawnAsset { contentType: string; body: Buffer; variants: Variants }
const DRAWN_LIMIT = 2_000;
const drawn = new Map<string, DrawnAsset>();
function drawnAsset(rel: string): DrawnAsset | null {
  const known = drawn.get(rel);
  if (known) return known;
  const asset = renderAsset(rel);
  if (!asset) return null;
  const made = { contentType: asset.contentType, body: Buffer.from(asset.body), variants: {} };
  if (drawn.size >= DRAWN_LIMIT) drawn.delete(drawn.keys().next().value!);
  drawn.set(rel, made);
  return made;
}

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

export async function fileRoutes(app: FastifyInstance, opts: { clientDir: string; layoutsDir: string }): Promise<void> {
  const { clientDir, layoutsDir } = opts;

  // No compression on the request path (compress: false): built files have their precompressed copies, drawn ones are
  // compressed once and kept.
  app.get<{ Params: { '*': string } }>('/assets/*', {
    compress: false,
    schema: { tags: ['site'], summary: 'Built client assets (immutable) and generated demo images (SVG)' },
  }, async (req, reply) => {
    const rel = req.params['*'];
    const file = safeJoin(path.join(clientDir, 'assets'), rel);
    if (file && (await isFile(file))) {
      const hashed = HASHED.test(rel);
      return reply.sendFile(path.relative(clientDir, file), clientDir, hashed
        // Never revalidated nor fetched in ranges: no validators or range headers (bytes on every file of a visit).
        ? { immutable: true, maxAge: 31_536_000_000, etag: false, lastModified: false, acceptRanges: false }
        : { maxAge: 3_600_000 });
    }
    const asset = drawnAsset(rel);
    if (!asset) throw new ApiError(404, `No asset at /assets/${rel.slice(0, 200)}`);
    const out = encodeOnce(asset.body, pickEncoding(req.headers['accept-encoding']), asset.variants);
    if (out.encoding !== 'identity') reply.header('content-encoding', out.encoding);
    return reply.type(asset.contentType).header('cache-control', 'public, max-age=2592000').header('vary', 'Accept-Encoding')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'").send(out.body);
  });

  app.get<{ Params: { kind: string; file: string } }>('/layouts/:kind/:file', {
    schema: {
      tags: ['site'], summary: 'A layout document as stored (even when invalid), for the operators\' preview',
      params: { type: 'object', properties: { kind: { type: 'string', enum: ['home', 'header', 'footer'] }, file: { type: 'string', pattern: LAYOUT_FILE.source } } },
    },
  }, async (req, reply) => {
    const { kind, file } = req.params;
    if (!LAYOUT_KINDS.has(kind) || !LAYOUT_FILE.test(file)) throw new ApiError(400, 'Bad layout file name.');
    let text: string;
    try {
      text = await readFile(path.join(layoutsDir, kind, file), 'utf8');
    } catch {
      throw new ApiError(404, `No layout file ${kind}/${file}`);
    }
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(text);
  });

  // Other files at the root of the client build (e.g. favicon.ico from Vite's public/).
  // Build files here are precompressed too (@fastify/compress leaves an encoded reply alone); the SPA's not-found page
  // answered from here is compressed as usual.
  app.get<{ Params: { file: string } }>('/:file', {
    schema: { tags: ['site'], summary: 'Files at the root of the client build', params: { type: 'object', properties: { file: { type: 'string', maxLength: 200 } } } },
  }, async (req, reply: FastifyReply) => {
    const name = req.params.file;
    const full = name !== 'index.html' ? safeJoin(clientDir, name) : null;
    if (!full || !(await isFile(full))) {
      // A browser asking for an unknown page gets the SPA's not-found page with its 404 (site/pages.ts).
      if (wantsHtml(req) && app.hasDecorator('siteNotFound')) return app.siteNotFound(req, reply);
      throw new ApiError(404, `Not found: /${name.slice(0, 200)}`);
    }
    return reply.sendFile(name, clientDir, { maxAge: 3_600_000 });
  });
}
