import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isCacheTag } from '../../shared/rules/cluster-notice';
import { ApiError } from '../lib/api-error';
import { requestHost } from '../lib/host';
import type { CacheBus } from '../cluster/bus';
import type { ProxyTrust } from '../trusted-proxies';
import {
  dropUndeclared,
  etagMatches,
  isDocument,
  keyOf,
  PREVIEW_GRANT,
  rawProtocol,
  writeHit,
  type DeclaredParams,
} from './cache-hit';
import { createCoalescer, type Turn } from './coalesce';
import {
  cacheKindOf,
  DEFAULT_TIMES,
  invalidatesItself,
  declaredParams,
  pathOf,
  ttlOf,
  WRITES_WITHOUT_READ_EFFECT,
  type CacheKind,
  type CacheTimes,
} from './cache-policy';
import {
  encodeOnceAsync,
  pickEncoding,
  ResponseStore,
  weakEtag,
  type CachedResponse,
  type Variants,
} from './response-store';

// Per-tenant response cache for the public reads: a hit is answered in the first onRequest hook, before helmet,
// tenancy, the database and serialisation. Bodies are the serialised bytes (ETag → 304), the same for every shopper
// (documents carry a hash-based CSP, no nonce), and each is compressed once per encoding: by the miss that produced
// it (this hook runs before @fastify/compress, which leaves an encoded body alone) or by the first hit asking for it.
export interface ResponseCacheOptions extends Partial<CacheTimes> {
  enabled?: boolean;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** How long waiters give a producer before one takes over (COALESCE_WAIT_MS; tests shorten it). */
  coalesceWaitMs?: number;
  /** Several instances: every tag dropped here is dropped on the others too, and theirs here (cluster/bus.ts). */
  bus?: CacheBus;
  /**
   * A document served from the cache is the same bytes for everyone, but a shopper new to the site still gets their
   * own signed id (site/shopper-cookie.ts): the Set-Cookie for this request, or null.
   */
  documentCookie?: (req: IncomingMessage, secure: boolean) => string | null;
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
  /**
   * Calls `listener` with every tenant whose answers are dropped here or on another instance (`'all'`: every tenant),
   * so what is kept beside the cache (the tenant memo) is dropped with them.
   */
  onTenantDrop(listener: (tenant: string | 'all') => void): void;
  /** Calls `listener` with every tag dropped here or on another instance (what is kept beside the cache, read-memo.ts). */
  onDrop(listener: (tag: string) => void): void;
  /** Marks the answer being produced as depending on this store (invalidateStore drops it). */
  tagStore(req: FastifyRequest, storeId: string): void;
  /**
   * Keeps the HTML document being produced (its bytes and headers as sent); `valid` is checked on every hit. The copy
   * is never served at or after `expiresAt` (ms, the app's clock): a layout schedule edge.
   */
  capturePage(req: FastifyRequest, valid?: () => boolean, expiresAt?: number | null): void;
  stats(): { entries: number; bytes: number };
  /**
   * Counts each answer about to be drawn afresh (a miss, not a refill of an expired one) against its client's budget:
   * `check` gives null to go on, or the seconds until the client may ask again (the request is answered 429).
   */
  budgetMisses(check: (req: FastifyRequest) => Promise<number | null>): void;
  /**
   * Answers a GET whose answer is cached and fresh straight from the HTTP server, before Fastify routes it (no request
   * objects, hooks or logger): true when it did. Anything else (a miss, a refill) is left to Fastify and its hooks.
   */
  answerEarly(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * The fresh API answer kept for the tenant `host` and `url`, else null: the server's own reads (a page's data, drawn
   * in a render thread) take a kept answer as it is instead of a round through Fastify (app.inject), and go through
   * it, as any request, on a miss.
   */
  peekAnswer(host: string, url: string): CachedResponse | null;
}

interface CacheState {
  key: string;
  /** Set when this request produces the answer other requests for the same key wait for (`coalesce.ts`). */
  turn: Turn | null;
  kind: CacheKind;
  seq: number;
  refill: boolean;
  tags: string[];
  /** HTML only: the route asked for this document to be kept (a page drawn without some of its data is not). */
  page: boolean;
  /** The answer's own status (a 304 sent to this request still keeps a 200 or 404 document). */
  status: number;
  body: Buffer | null;
  etag: string | null;
  variants: Variants;
  valid: (() => boolean) | null;
  /** HTML only: no copy is served from this instant on (null: the TTL alone). */
  expiresAt: number | null;
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
/** How long a request over its network's miss budget waits for its 429, and how many may wait at once. */
export const OVER_BUDGET_HOLD_MS = 2_000;
const MAX_HELD = 2_000;
/** What a client over its miss budget reads (with Retry-After). */
export const TOO_MANY_MISSES =
  'Too many new pages were asked for from your network in the last minute; please wait a moment and try again.';
/** How long requests wait for another one producing the same answer before one of them takes over. */
export const COALESCE_WAIT_MS = 3_000;
const VISITS = 'visits';
const TENANT_TAG = 'tenant:';
const tenantTag = (id: string) => `${TENANT_TAG}${id}`;
const storeTag = (id: string) => `store:${id}`;
/** The tags cached answers carry, for what is kept beside them under the same names (read-memo.ts). */
export const cacheTags = { all: ALL, visits: VISITS, tenant: tenantTag, store: storeTag } as const;
const DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'etag',
  'x-cache',
  // Per shopper, never shared: a kept copy must not hand one shopper's id to everyone.
  'set-cookie',
]);

/** What the cache's hooks and its control share (one per app). */
interface Cache {
  store: ResponseStore;
  opts: ResponseCacheOptions;
  /** The query parameters of the cached API routes, filled as routes are added. */
  declared: DeclaredParams;
  /** The miss budget's check (budgetMisses; null: none) and how many of its refusals are held now. */
  budget: { check: ((req: FastifyRequest) => Promise<number | null>) | null; held: number };
  /** Drops a tag here and on the other instances. */
  drop: (tag: string) => void;
}

export function registerResponseCache(
  app: FastifyInstance,
  opts: ResponseCacheOptions = {},
  trust: ProxyTrust | false = false,
): ResponseCache {
  const times: CacheTimes = { ...DEFAULT_TIMES, ...opts };
  const now = opts.now ?? Date.now;
  const store = new ResponseStore({
    maxEntries: opts.maxEntries ?? 2_000,
    maxBytes: opts.maxBytes ?? 48 * 1024 * 1024,
    now,
  });
  const enabled = opts.enabled ?? true;
  const declared: DeclaredParams = new Map();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const kind = cacheKindOf(route.url);
    if (kind !== undefined && kind !== 'html' && methods.includes('GET'))
      declared.set(pathOf(route.url), declaredParams(route.schema));
  });
  const dropListeners: ((tag: string) => void)[] = [];
  const drop = tagDropper(store, enabled ? opts.bus : undefined, dropListeners);
  const cache: Cache = { store, opts, declared, budget: { check: null, held: 0 }, drop };
  const control = cacheControl(cache, enabled, trust, dropListeners);
  app.decorate('responseCache', control);
  app.decorateRequest('responseCacheState', null);
  if (!enabled) return control;

  const coalescer = createCoalescer(opts.coalesceWaitMs ?? COALESCE_WAIT_MS);
  registerLookup(app, cache, coalescer);
  registerCapture(app);
  registerKeep(app, cache, coalescer, times, now);
  return control;
}

/**
 * Dropping a tag: here, then on the other instances (through the bus, when there is one); a tag they drop is dropped
 * here. Either way the listeners hear of every tenant whose answers went.
 */
function tagDropper(
  store: ResponseStore,
  bus: CacheBus | undefined,
  dropListeners: readonly ((tag: string) => void)[],
): (tag: string) => void {
  const dropped = (tag: string): void => {
    store.invalidate(tag);
    for (const listener of dropListeners) listener(tag);
  };
  bus?.subscribe((tag) => {
    if (isCacheTag(tag)) dropped(tag);
  });
  return (tag: string): void => {
    dropped(tag);
    bus?.publish(tag);
  };
}

/** The control object the app and the routes use (app.responseCache). */
function cacheControl(
  cache: Cache,
  enabled: boolean,
  trust: ProxyTrust | false,
  dropListeners: ((tag: string) => void)[],
): ResponseCache {
  const { store, opts, declared, drop } = cache;
  return {
    invalidateTenant: (id) => drop(tenantTag(id)),
    invalidateStore: (id) => drop(storeTag(id)),
    invalidateVisits: () => drop(VISITS),
    invalidateAll: () => drop(ALL),
    onTenantDrop: (listener) => {
      dropListeners.push((tag) => {
        const tenant = tag === ALL ? ALL : tag.startsWith(TENANT_TAG) ? tag.slice(TENANT_TAG.length) : null;
        if (tenant !== null) listener(tenant);
      });
    },
    onDrop: (listener) => {
      dropListeners.push(listener);
    },
    tagStore: (req, id) => req.responseCacheState?.tags.push(storeTag(id)),
    capturePage: (req, valid, expiresAt) => {
      const st = req.responseCacheState;
      if (st && st.kind === 'html') {
        st.page = true;
        st.valid = valid ?? null;
        st.expiresAt = expiresAt ?? null;
      }
    },
    stats: () => ({ entries: store.size, bytes: store.totalBytes }),
    budgetMisses: (check) => {
      cache.budget.check = check;
    },
    peekAnswer: (host, url) => {
      if (!enabled || PREVIEW_GRANT.test(url)) return null;
      const tenantHost = requestHost({ headers: { 'domain-name': host } });
      if (!tenantHost) return null;
      const entry = store.peek(keyOf('catalogue', { url, headers: {}, protocol: 'http' }, tenantHost, declared));
      return entry && !isDocument(entry) ? entry : null;
    },
    answerEarly: (req, res) => {
      if (!enabled || req.method !== 'GET' || req.url === undefined || PREVIEW_GRANT.test(req.url)) return false;
      const host = requestHost(req);
      if (!host) return false;
      const parts = { url: req.url, headers: req.headers, protocol: rawProtocol(req, trust) };
      // A URL is an API answer or a document, never both: the two keys cannot both hold an entry.
      const entry =
        store.peek(keyOf('catalogue', parts, host, declared)) ?? store.peek(keyOf('html', parts, host, declared));
      if (!entry) return false;
      writeHit(req, res, store, entry, opts.documentCookie, parts.protocol);
      return true;
    },
  };
}

/** The state of a request that will draw its answer afresh (a miss or a refill). */
function missState(key: string, turn: Turn | null, kind: CacheKind, seq: number, refill: boolean): CacheState {
  return {
    key,
    turn,
    kind,
    seq,
    refill,
    tags: [],
    page: false,
    status: 200,
    body: null,
    etag: null,
    variants: {},
    valid: null,
    expiresAt: null,
  };
}

/** First onRequest hook: a fresh entry is the answer; a miss waits for another request drawing it, or draws it. */
function registerLookup(app: FastifyInstance, cache: Cache, coalescer: ReturnType<typeof createCoalescer>): void {
  const { store, declared, opts } = cache;
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET') return done();
    const kind = cacheKindOf(req.routeOptions.url);
    if (kind === undefined || (kind === 'html' && PREVIEW_GRANT.test(req.url))) return done();
    const host = requestHost(req);
    if (!host) return done();
    const key = keyOf(kind, req, host, declared);
    // What the key leaves out, the handler does not see: an answer depends on nothing its key does not hold.
    if (kind !== 'html') dropUndeclared(req, declared.get(pathOf(req.url)));
    // One lookup per attempt: a lookup that finds a stale entry makes this request its refiller.
    const attempt = (): 'hit' | 'refill' | 'missing' => {
      const found = store.lookup(key);
      if (!found) return 'missing';
      if (found.stale) return 'refill';
      reply.hijack();
      writeHit(req.raw, reply.raw, store, found.entry, opts.documentCookie, req.protocol);
      return 'hit';
    };
    const proceed = (turn: Turn | null, refill: boolean): void => {
      req.responseCacheState = missState(key, turn, kind, store.writeSeq, refill);
      done();
    };
    const first = attempt();
    if (first === 'hit') return done();
    // A stale entry is refilled by this request while the others are answered from it (no waiting).
    if (first === 'refill') return proceed(null, true);
    const join = () =>
      coalescer.join(key).then((turn) => {
        if (turn.role === 'produce') return proceed(turn, false);
        const again = attempt();
        if (again === 'hit') return done();
        // A shopper who left while waiting costs no render.
        if (req.raw.socket?.destroyed) {
          reply.hijack();
          return done();
        }
        proceed(null, again === 'refill');
      });
    // A miss costs a render or a database round trip: each client network has a budget of them (issue 27), so one
    // client asking for ever-new addresses cannot slow everyone else. Hits, above, are never counted.
    const check = cache.budget.check;
    if (!check) return void join();
    chargeMiss(cache.budget, check(req), reply, done, join);
  });
}

/** A miss within its network's budget goes on (`join`); one over it is answered 429, after a while. */
function chargeMiss(
  budget: Cache['budget'],
  verdict: Promise<number | null>,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  join: () => void,
): void {
  verdict.then(
    (retryAfter) => {
      if (retryAfter === null) return void join();
      reply.header('retry-after', String(Math.max(1, retryAfter)));
      const refuse = () => done(new ApiError(429, TOO_MANY_MISSES));
      // The refusal is held a while: a client over its budget on 20 connections then asks a few times a second,
      // not thousands, and its refusals no longer take the CPU from other shoppers' hits. A held request costs a
      // timer; past MAX_HELD at once they are refused at once.
      if (budget.held >= MAX_HELD) return refuse();
      budget.held++;
      setTimeout(() => {
        budget.held--;
        refuse();
      }, OVER_BUDGET_HOLD_MS).unref();
    },
    (err: Error) => done(err),
  );
}

// First onSend hook (registered before compression): sees the serialised answer, adds its ETag, answers 304, and
// compresses it once for this request; the copy is kept with the entry, so no hit compresses it again.
function registerCapture(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const st = req.responseCacheState;
    const status = reply.statusCode;
    const keptStatus = st?.kind === 'html' ? st.page && (status === 200 || status === 404) : status === 200;
    if (!st || !keptStatus || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      return done(null, payload);
    }
    st.body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    st.status = status;
    st.etag = weakEtag(st.body);
    reply.header('etag', st.etag);
    reply.header('x-cache', 'MISS');
    if (etagMatches(req.headers['if-none-match'], st.etag)) {
      reply.code(304);
      return done(null, null);
    }
    // A document (tens of KB) is compressed on the thread pool: a refill leaves the event loop to the hits meanwhile.
    encodeOnceAsync(st.body, pickEncoding(req.headers['accept-encoding']), st.variants).then(
      (out) => {
        if (out.encoding !== 'identity') reply.header('content-encoding', out.encoding);
        done(null, out.body);
      },
      (err: Error) => done(err),
    );
  });
}

/** Once answered: a drawn answer is kept (unless a write came meanwhile), and a write drops what it may change. */
function registerKeep(
  app: FastifyInstance,
  cache: Cache,
  coalescer: ReturnType<typeof createCoalescer>,
  times: CacheTimes,
  now: () => number,
): void {
  const { store } = cache;
  app.addHook('onResponse', (req, reply, done) => {
    const st = req.responseCacheState;
    if (st) {
      const stored = store.writeSeq === st.seq && req.tenant !== null && save({ store, times, now }, st, req, reply);
      if (!stored && st.refill) store.refillFailed(st.key);
      if (st.turn) coalescer.finish(st.turn);
    } else if (
      req.method !== 'GET' &&
      req.method !== 'HEAD' &&
      req.method !== 'OPTIONS' &&
      reply.statusCode < 400 &&
      !WRITES_WITHOUT_READ_EFFECT.has(req.routeOptions.url ?? '') &&
      !invalidatesItself(req.routeOptions.url ?? '')
    ) {
      cache.drop(ALL);
    }
    done();
  });
}

/** Keeps a drawn answer: its bytes, the headers it was sent with (but per-request ones), its tags and lifetime. */
function save(
  { store, times, now }: { store: ResponseStore; times: CacheTimes; now: () => number },
  st: CacheState,
  req: FastifyRequest,
  reply: FastifyReply,
): boolean {
  if (st.body === null || st.etag === null || (reply.statusCode !== st.status && reply.statusCode !== 304))
    return false;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    headers[name] = typeof value === 'number' ? String(value) : value;
  }
  const at = now();
  const ttl = ttlOf(st.kind, times);
  const cap = st.expiresAt ?? Infinity;
  if (cap <= at) return false;
  store.set(st.key, {
    status: st.status,
    headers,
    body: st.body,
    etag: st.etag,
    variants: st.variants,
    valid: st.valid,
    tags: [ALL, tenantTag(req.tenant!.id), ...(st.kind === 'visits' ? [VISITS] : []), ...st.tags],
    freshUntil: Math.min(at + ttl, cap),
    hardUntil: Math.min(at + 2 * ttl, cap),
  });
  return true;
}
