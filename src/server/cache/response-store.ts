import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The bounded in-memory store behind the response cache: serialised bodies by tenant host + normalised URL,
// invalidated by tag generations (a tag's generation moves on every write that changes what its entries hold).
export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedResponse {
  status: number;
  /** Final response headers minus the per-response ones (length, encoding, date, connection). */
  headers: Record<string, string | string[]>;
  /** A JSON answer's bytes; for HTML, the document split at the nonce (joined with a fresh nonce per response). */
  body: Buffer | null;
  parts: Buffer[] | null;
  etag: string | null;
  /** `headers` plus ETag, length and x-cache of the identity body: a JSON hit writes this object as it is. */
  hitHeaders: Record<string, string | string[]>;
  /** Compressed copies of `body`, made on the first hit that asks for them. */
  variants: Partial<Record<'br' | 'gzip', Buffer>>;
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

export const COMPRESS_THRESHOLD = 1024;

export const weakEtag = (body: Buffer | string): string => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/** br when asked for (and not refused with q=0), else gzip, else identity. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const ae = acceptEncoding.toLowerCase();
  if (ae.includes('br') && !/\bbr\s*;\s*q=0(\.0*)?(?![.\d])/.test(ae)) return 'br';
  if (ae.includes('gzip') && !/\bgzip\s*;\s*q=0(\.0*)?(?![.\d])/.test(ae)) return 'gzip';
  return 'identity';
}

export function compress(body: Buffer, enc: 'br' | 'gzip'): Buffer {
  return enc === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
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

  /** Drops a stale entry's refresh flag when its refill did not produce a new copy. */
  refillFailed(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.refreshing = false;
  }

  set(key: string, entry: Omit<CachedResponse, 'gens' | 'bytes' | 'variants' | 'refreshing' | 'hitHeaders'>): void {
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const size = key.length + (entry.body?.length ?? 0) + (entry.parts?.reduce((n, p) => n + p.length, 0) ?? 0) + 512;
    if (size > this.opts.maxBytes / 8) return;
    const hitHeaders: Record<string, string | string[]> = { ...entry.headers, 'x-cache': 'HIT', ...(entry.body ? { 'content-length': String(entry.body.length) } : {}) };
    if (entry.etag !== null) hitHeaders.etag = entry.etag;
    const full: CachedResponse = { ...entry, hitHeaders, gens: entry.tags.map((t) => this.gen(t)), variants: {}, refreshing: false, bytes: size };
    this.entries.set(key, full);
    this.bytes += size;
    this.evict();
  }

  /** The body in the asked encoding (compressed copies are kept, within the byte budget). */
  encoded(entry: CachedResponse, enc: Encoding): { body: Buffer; encoding: Encoding } {
    const body = entry.body ?? Buffer.alloc(0);
    if (enc === 'identity' || body.length < COMPRESS_THRESHOLD) return { body, encoding: 'identity' };
    let v = entry.variants[enc];
    if (!v) {
      v = compress(body, enc);
      entry.variants[enc] = v;
      entry.bytes += v.length;
      this.bytes += v.length;
      this.evict();
    }
    return { body: v, encoding: enc };
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
