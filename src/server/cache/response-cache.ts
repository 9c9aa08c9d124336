import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestHost } from '../plugins/tenancy';
import { htmlCsp, newNonce } from '../site/csp';
import {
  cacheKindOf, DEFAULT_TIMES, normaliseUrl, ttlOf, WRITES_WITHOUT_READ_EFFECT, type CacheKind, type CacheTimes,
} from './cache-policy';
import { compress, COMPRESS_THRESHOLD, pickEncoding, ResponseStore, weakEtag, type CachedResponse } from './response-store';

// Per-tenant response cache for the public reads: a hit is answered in the first onRequest hook, before helmet,
// tenancy, the database and serialisation. Bodies are the serialised bytes (ETag → 304); HTML documents are kept
// split at the CSP nonce so every response still gets a fresh one.
export interface ResponseCacheOptions extends Partial<CacheTimes> {
  enabled?: boolean;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface ResponseCache {
  /** Drops the answers of one tenant (its website data or its banners changed). */
  invalidateTenant(domainId: string): void;
  /** Drops a store's page and rating in every tenant (the store row changed). */
  invalidateStore(storeId: string): void;
  /** Drops every answer holding visit counts (a coupon visit or click). */
  invalidateVisits(): void;
  /** Drops everything (catalogue-wide writes: seeding, operators' edits). */
  invalidateAll(): void;
  /** Marks the answer being produced as depending on this store (invalidateStore drops it). */
  tagStore(req: FastifyRequest, storeId: string): void;
  /** Keeps the HTML document being produced: split at the nonce; `valid` is checked on every hit. */
  capturePage(req: FastifyRequest, parts: string[], valid?: () => boolean): void;
  stats(): { entries: number; bytes: number };
}

interface CacheState {
  key: string;
  kind: CacheKind;
  seq: number;
  refill: boolean;
  tags: string[];
  body: Buffer | null;
  etag: string | null;
  parts: Buffer[] | null;
  valid: (() => boolean) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    responseCacheState: CacheState | null;
  }
}

const ALL = 'all';
const VISITS = 'visits';
const tenantTag = (id: string) => `tenant:${id}`;
const storeTag = (id: string) => `store:${id}`;
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'etag', 'x-cache']);

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === etag || v === opaque || v.slice(2) === opaque;
  });
}

function keyOf(kind: CacheKind, req: FastifyRequest, host: string): string {
  const url = normaliseUrl(req.url);
  if (kind !== 'html') return `${host}\n${url}`;
  // The document names its origin (scheme + Host with port) in canonical and sharing tags.
  return `html\n${req.protocol}\n${(req.headers.host ?? '').toLowerCase()}\n${host}\n${url}`;
}

function writeHit(req: FastifyRequest, reply: FastifyReply, store: ResponseStore, entry: CachedResponse): void {
  const res = reply.raw;
  reply.hijack();
  if (entry.parts !== null) {
    writePage(req, res, entry, entry.parts);
    return;
  }
  if (entry.etag !== null && etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, { ...entry.headers, etag: entry.etag, 'x-cache': 'HIT' });
    res.end();
    return;
  }
  const enc = pickEncoding(req.headers['accept-encoding']);
  const out = store.encoded(entry, enc);
  if (out.encoding === 'identity') {
    // The common hit: the stored header object and body, no allocation.
    res.writeHead(entry.status, entry.hitHeaders);
  } else {
    res.writeHead(entry.status, { ...entry.hitHeaders, 'content-encoding': out.encoding, 'content-length': String(out.body.length) });
  }
  res.end(out.body);
}

/** A cached document with a fresh nonce: its stored pieces go out as they are, the nonce written between them. */
function writePage(req: FastifyRequest, res: FastifyReply['raw'], entry: CachedResponse, parts: Buffer[]): void {
  const nonce = newNonce();
  const nonceBytes = Buffer.from(nonce);
  const headers: Record<string, string | string[]> = { ...entry.headers, 'x-cache': 'HIT', 'content-security-policy': htmlCsp(nonce) };
  const length = parts.reduce((n, p) => n + p.length, 0) + nonceBytes.length * (parts.length - 1);
  const enc = pickEncoding(req.headers['accept-encoding']);
  if (enc !== 'identity' && length >= COMPRESS_THRESHOLD) {
    const body = compress(Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [p] : [nonceBytes, p]))), enc);
    headers['content-encoding'] = enc;
    headers['content-length'] = String(body.length);
    res.writeHead(entry.status, headers);
    res.end(body);
    return;
  }
  headers['content-length'] = String(length);
  res.writeHead(entry.status, headers);
  res.cork();
  parts.forEach((p, i) => {
    if (i > 0) res.write(nonceBytes);
    res.write(p);
  });
  res.end();
}

export function registerResponseCache(app: FastifyInstance, opts: ResponseCacheOptions = {}): ResponseCache {
  const times: CacheTimes = { ...DEFAULT_TIMES, ...opts };
  const now = opts.now ?? Date.now;
  const store = new ResponseStore({ maxEntries: opts.maxEntries ?? 2_000, maxBytes: opts.maxBytes ?? 48 * 1024 * 1024, now });
  const enabled = opts.enabled ?? true;
  const control: ResponseCache = {
    invalidateTenant: (id) => store.invalidate(tenantTag(id)),
    invalidateStore: (id) => store.invalidate(storeTag(id)),
    invalidateVisits: () => store.invalidate(VISITS),
    invalidateAll: () => store.invalidate(ALL),
    tagStore: (req, id) => req.responseCacheState?.tags.push(storeTag(id)),
    capturePage: (req, parts, valid) => {
      const st = req.responseCacheState;
      if (st && st.kind === 'html') {
        st.parts = parts.map((p) => Buffer.from(p));
        st.valid = valid ?? null;
      }
    },
    stats: () => ({ entries: store.size, bytes: store.totalBytes }),
  };
  app.decorate('responseCache', control);
  app.decorateRequest('responseCacheState', null);
  if (!enabled) return control;

  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET') return done();
    const kind = cacheKindOf(req.routeOptions.url);
    if (kind === undefined) return done();
    const host = requestHost(req);
    if (!host) return done();
    const key = keyOf(kind, req, host);
    const found = store.lookup(key);
    if (found && !found.stale) {
      writeHit(req, reply, store, found.entry);
      return done();
    }
    req.responseCacheState = { key, kind, seq: store.writeSeq, refill: found !== null, tags: [], body: null, etag: null, parts: null, valid: null };
    done();
  });

  // First onSend hook (registered before compression): sees the serialised JSON, adds its ETag, answers 304.
  app.addHook('onSend', (req, reply, payload, done) => {
    const st = req.responseCacheState;
    if (!st || st.kind === 'html' || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      return done(null, payload);
    }
    st.body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    st.etag = weakEtag(st.body);
    reply.header('etag', st.etag);
    reply.header('x-cache', 'MISS');
    if (etagMatches(req.headers['if-none-match'], st.etag)) {
      reply.code(304);
      return done(null, null);
    }
    done(null, st.body);
  });

  app.addHook('onResponse', (req, reply, done) => {
    const st = req.responseCacheState;
    if (st) {
      const stored = store.writeSeq === st.seq && req.tenant !== null && save(st, req, reply);
      if (!stored && st.refill) store.refillFailed(st.key);
    } else if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && reply.statusCode < 400
      && !WRITES_WITHOUT_READ_EFFECT.has(req.routeOptions.url ?? '')) {
      store.invalidate(ALL);
    }
    done();
  });

  function save(st: CacheState, req: FastifyRequest, reply: FastifyReply): boolean {
    const status = reply.statusCode;
    const isPage = st.kind === 'html';
    if (isPage ? st.parts === null || (status !== 200 && status !== 404) : st.body === null || (status !== 200 && status !== 304)) return false;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || DROPPED_HEADERS.has(name) || (isPage && name === 'content-security-policy')) continue;
      headers[name] = typeof value === 'number' ? String(value) : value;
    }
    const at = now();
    const ttl = ttlOf(st.kind, times);
    store.set(st.key, {
      status: isPage ? status : 200, headers, body: st.body, parts: st.parts, etag: st.etag, valid: st.valid,
      tags: [ALL, tenantTag(req.tenant!.id), ...(st.kind === 'visits' ? [VISITS] : []), ...st.tags], freshUntil: at + ttl, hardUntil: at + 2 * ttl,
    });
    return true;
  }

  return control;
}
