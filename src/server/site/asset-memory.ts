import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compress, pickEncoding, PRECOMPRESS_IF_LARGER, type Encoding } from '../cache/response-store';

// The build's hashed scripts and stylesheets, kept in memory with the copies the build compressed (each file is
// immutable: its name changes with its bytes), and the generated demo images, drawn and compressed once. Once a file
// has been asked for, later requests are answered straight from the HTTP server with the stored bytes and header
// object, as fast as a bare server sending a buffer; the first request (and every other file) goes through the
// /assets route.

const KEPT = /^\/assets\/[A-Za-z0-9_.-]+-[A-Za-z0-9_-]{8,}\.(js|css)$/;
const TYPES: Record<string, string> = { js: 'application/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

interface Copy {
  body: Buffer;
  headers: Record<string, string>;
}
export type Kept = Partial<Record<Encoding, Copy>>;

export interface AssetMemory {
  /** Reads a built file and its .br/.gz copies into memory (once); later requests for it are answered early. */
  remember(urlPath: string): void;
  /** A generated image: drawn by `draw` and compressed the first time, kept after (null: there is no such image). */
  drawn(urlPath: string, draw: () => { contentType: string; body: string | Buffer } | null): Kept | null;
  /** Writes a kept file in the encoding the request asks for. */
  send(req: IncomingMessage, res: ServerResponse, kept: Kept): void;
  answerEarly(req: IncomingMessage, res: ServerResponse): boolean;
  stats(): { files: number; bytes: number };
}

const BUILT = { 'cache-control': 'public, max-age=31536000, immutable' };
// An SVG opened on its own is a document: nothing in it may run or load. Drawn images are public pictures that mail
// clients and their image proxies fetch from outside the site: readable cross-origin (decision 028); built scripts
// and styles stay same-site.
const DRAWN = {
  'cache-control': 'public, max-age=2592000',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'cross-origin',
};

/** The headers @fastify/static and helmet give an asset (http-headers.ts trims the rest for non-documents). */
function headersOf(
  type: string,
  body: Buffer,
  encoding: Encoding,
  kind: Record<string, string>,
): Record<string, string> {
  return {
    'cross-origin-resource-policy': 'same-site',
    'x-content-type-options': 'nosniff',
    ...kind,
    'content-type': type,
    vary: 'accept-encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    'content-length': String(body.length),
  };
}

function send(req: IncomingMessage, res: ServerResponse, kept: Kept): boolean {
  const copy = kept[pickEncoding(req.headers['accept-encoding'])] ?? kept.identity;
  if (!copy) return false;
  res.writeHead(200, copy.headers);
  res.end(copy.body);
  return true;
}

export function assetMemory(clientDir: string, maxBytes = 16 * 1024 * 1024): AssetMemory {
  const files = new Map<string, Kept>();
  const loading = new Set<string>();
  let bytes = 0;

  async function load(urlPath: string): Promise<void> {
    const file = path.join(clientDir, urlPath.slice(1));
    const type = TYPES[path.extname(file).slice(1)];
    if (!type) return;
    const read = (suffix: string) => readFile(file + suffix).catch(() => null);
    const [identity, br, gzip] = await Promise.all([read(''), read('.br'), read('.gz')]);
    if (!identity) return;
    const kept: Kept = {};
    for (const [encoding, body] of [
      ['identity', identity],
      ['br', br],
      ['gzip', gzip],
    ] as const) {
      if (body) kept[encoding] = { body, headers: headersOf(type, body, encoding, BUILT) };
    }
    const size = identity.length + (br?.length ?? 0) + (gzip?.length ?? 0);
    if (bytes + size > maxBytes) return; // past the budget the files stay on disk, served by the route
    bytes += size;
    files.set(urlPath, kept);
  }

  return {
    remember(urlPath) {
      if (!KEPT.test(urlPath) || files.has(urlPath) || loading.has(urlPath)) return;
      loading.add(urlPath);
      void load(urlPath).finally(() => loading.delete(urlPath));
    },
    drawn(urlPath, draw) {
      const known = files.get(urlPath);
      if (known) return known;
      const made = draw();
      if (!made) return null;
      const body = Buffer.from(made.body);
      const kept: Kept = { identity: { body, headers: headersOf(made.contentType, body, 'identity', DRAWN) } };
      // A PNG is compressed already: br or gzip would only cost the first request time.
      if (body.length >= PRECOMPRESS_IF_LARGER && made.contentType !== 'image/png') {
        for (const encoding of ['br', 'gzip'] as const) {
          const packed = compress(body, encoding);
          kept[encoding] = { body: packed, headers: headersOf(made.contentType, packed, encoding, DRAWN) };
        }
      }
      const size = body.length + (kept.br?.body.length ?? 0) + (kept.gzip?.body.length ?? 0);
      if (bytes + size <= maxBytes) {
        bytes += size;
        files.set(urlPath, kept);
      }
      return kept;
    },
    send: (req, res, kept) => void send(req, res, kept),
    answerEarly(req, res) {
      if (req.method !== 'GET' || req.url === undefined) return false;
      const kept = files.get(req.url);
      return kept ? send(req, res, kept) : false;
    },
    stats: () => ({ files: files.size, bytes }),
  };
}
