import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { negotiateEncoding, type ContentCoding } from '../../shared/rules/accept-encoding';

// The bounded in-memory store behind the response cache: serialised bodies by tenant host + normalised URL,
// invalidated by tag generations (a tag's generation moves on every write that changes what its entries hold).
export type Encoding = ContentCoding;

export interface CachedResponse {
  status: number;
  /** Final response headers minus the per-response ones (length, encoding, date, connection). */
  headers: Record<string, string | string[]>;
  /** The answer's bytes (a JSON answer or an HTML document: the same for every shopper, CSP included). */
  body: Buffer;
  etag: string;
  /** `headers` plus ETag, length and x-cache of the identity body: an identity hit writes this object as it is. */
  hitHeaders: Record<string, string | string[]>;
  /** The same for each compressed copy (with its encoding and length), made with the copy: no allocation per hit. */
  encodedHeaders: Partial<Record<'br' | 'gzip', Record<string, string | string[]>>>;
  /** Compressed copies of `body`, each made once: by the miss that produced the answer or the first hit asking for it. */
  variants: Variants;
  tags: string[];
  /** Tag generations when the answer was produced (an entry whose tag moved on is never served). */
  gens: number[];
  freshUntil: number;
  /** Past freshUntil one request refills while the others keep this copy, until hardUntil. */
  hardUntil: number;
  refreshing: boolean;
  valid: (() => boolean) | null;
  bytes: number;
}

export interface StoreOptions {
  maxEntries: number;
  maxBytes: number;
  now: () => number;
}

export type Variants = Partial<Record<'br' | 'gzip', Buffer>>;

export const COMPRESS_THRESHOLD = 1024;
/** Files kept compressed at rest (built assets, drawn images) from this size: a 900-byte chunk still halves. */
export const PRECOMPRESS_IF_LARGER = 256;
/**
 * Brotli quality for answers compressed on the request path (once per cache entry). Measured on the demo home document
 * of one.localhost (102 KB): quality 5 → 15.6 KB in ~7 ms; 9 → 15.3 KB in ~70 ms; 11 → 13.9 KB in ~480 ms of the event
 * loop. A store page at a new address (50 KB, issue 27): quality 4 → 10.9 KB in 1.2 ms, 5 → 10.3 KB in 1.9 ms. Every
 * cache miss pays it, so quality 4: a third less CPU per miss for 6 % more bytes (0.6 KB on that page). Built assets get
 * quality 11 at build time.
 */
export const BROTLI_QUALITY = 4;

let compressions = 0;
/** How many bodies this process has compressed (tests: a cached answer is sent without compressing it again). */
export const compressionCount = (): number => compressions;

export const weakEtag = (body: Buffer | string): string =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

const picked = new Map<string, Encoding>();
/** The coding for an Accept-Encoding (one rule, src/shared/rules); browsers send a handful of values: memoised. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let enc = picked.get(acceptEncoding);
  if (enc === undefined) {
    enc = negotiateEncoding(acceptEncoding);
    if (picked.size >= 64) picked.clear();
    picked.set(acceptEncoding, enc);
  }
  return enc;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Bodies from this size are compressed on libuv's thread pool by a miss (a document: 60–140 KB, ~7 ms of brotli). */
export const COMPRESS_OFF_THREAD_FROM = 16 * 1024;

/** `compress`, run on libuv's thread pool: the same bytes (same parameters), the event loop free meanwhile. */
export function compressAsync(body: Buffer, enc: 'br' | 'gzip'): Promise<Buffer> {
  compressions++;
  return enc === 'br' ? brotliAsync(body, brotliOptions(body)) : gzipAsync(body, { level: 6 });
}

const brotliOptions = (body: Buffer) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

export function compress(body: Buffer, enc: 'br' | 'gzip'): Buffer {
  compressions++;
  return enc === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/** encodeOnce off the event loop: large bodies are compressed on the thread pool, small ones as encodeOnce does. */
export async function encodeOnceAsync(
  body: Buffer,
  enc: Encoding,
  variants: Variants,
): Promise<{ body: Buffer; encoding: Encoding; added: number }> {
  if (enc === 'identity' || body.length < COMPRESS_OFF_THREAD_FROM || variants[enc])
    return encodeOnce(body, enc, variants);
  const made = await compressAsync(body, enc);
  variants[enc] = made;
  return { body: made, encoding: enc, added: made.length };
}

/** `body` in the asked encoding, compressed at most once per encoding (`variants` keeps each copy). */
export function encodeOnce(
  body: Buffer,
  enc: Encoding,
  variants: Variants,
): { body: Buffer; encoding: Encoding; added: number } {
  if (enc === 'identity' || body.length < COMPRESS_THRESHOLD) return { body, encoding: 'identity', added: 0 };
  const known = variants[enc];
  if (known) return { body: known, encoding: enc, added: 0 };
  const made = compress(body, enc);
  variants[enc] = made;
  return { body: made, encoding: enc, added: made.length };
}

export class ResponseStore {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly tagGens = new Map<string, number>();
  private bytes = 0;
  /** Moves on every invalidation: an answer computed across one is not stored (it may hold pre-write data). */
  writeSeq = 0;

  constructor(readonly opts: StoreOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  gen(tag: string): number {
    return this.tagGens.get(tag) ?? 0;
  }

  /** A servable entry: current tags, not past its hard expiry; `stale` when one refill should start. */
  lookup(key: string): { entry: CachedResponse; stale: boolean } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.opts.now();
    if (now >= entry.hardUntil || !this.current(entry) || (entry.valid !== null && !entry.valid())) {
      this.remove(key, entry);
      return null;
    }
    if (now < entry.freshUntil) return { entry, stale: false };
    if (entry.refreshing) return { entry, stale: false };
    entry.refreshing = true;
    return { entry, stale: true };
  }

  /**
   * A servable entry that needs no refill (fresh, or stale while another request refills it), changing nothing:
   * the answer given before Fastify; anything else goes through Fastify, whose lookup starts the refill.
   */
  peek(key: string): CachedResponse | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.opts.now();
    if (now >= entry.hardUntil || !this.current(entry) || (entry.valid !== null && !entry.valid())) return null;
    return now < entry.freshUntil || entry.refreshing ? entry : null;
  }

  /** Drops a stale entry's refresh flag when its refill did not produce a new copy. */
  refillFailed(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.refreshing = false;
  }

  /** Keeps an answer; `variants` are the compressed copies its miss already made (kept, not made again). */
  set(
    key: string,
    entry: Omit<CachedResponse, 'gens' | 'bytes' | 'refreshing' | 'hitHeaders' | 'encodedHeaders'>,
  ): void {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const size =
      key.length + entry.body.length + (entry.variants.br?.length ?? 0) + (entry.variants.gzip?.length ?? 0) + 512;
    if (size > this.opts.maxBytes / 8) return;
    const hitHeaders: Record<string, string | string[]> = {
      ...entry.headers,
      'x-cache': 'HIT',
      'content-length': String(entry.body.length),
      etag: entry.etag,
    };
    const full: CachedResponse = {
      ...entry,
      hitHeaders,
      encodedHeaders: {},
      gens: entry.tags.map((t) => this.gen(t)),
      refreshing: false,
      bytes: size,
    };
    this.entries.set(key, full);
    this.bytes += size;
    this.evict();
  }

  /** The body in the asked encoding and its headers (compressed copies are kept, within the byte budget). */
  encoded(entry: CachedResponse, enc: Encoding): { body: Buffer; headers: Record<string, string | string[]> } {
    const out = encodeOnce(entry.body, enc, entry.variants);
    if (out.added > 0) {
      entry.bytes += out.added;
      this.bytes += out.added;
      this.evict();
    }
    if (out.encoding === 'identity') return { body: out.body, headers: entry.hitHeaders };
    const headers = (entry.encodedHeaders[out.encoding] ??= {
      ...entry.hitHeaders,
      'content-encoding': out.encoding,
      'content-length': String(out.body.length),
    });
    return { body: out.body, headers };
  }

  invalidate(tag: string): void {
    this.tagGens.set(tag, this.gen(tag) + 1);
    this.writeSeq++;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.writeSeq++;
  }

  private current(entry: CachedResponse): boolean {
    for (let i = 0; i < entry.tags.length; i++) if (this.gen(entry.tags[i]!) !== entry.gens[i]) return false;
    return true;
  }

  private remove(key: string, entry: CachedResponse): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  // Map keeps insertion order: the first key is the oldest entry.
  private evict(): void {
    while (this.entries.size > this.opts.maxEntries || this.bytes > this.opts.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1]);
    }
  }
}
