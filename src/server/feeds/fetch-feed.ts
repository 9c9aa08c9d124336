import { Readable, Transform, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FeedCredentials } from '../../shared/contract/feeds';

// Issue 30: the one HTTP client every network feed is fetched through (Node's fetch, undici; no other dependency).
// - Credentials go where the feed's auth says (Bearer, Basic, a query parameter) and nowhere else: no error message
//   carries them (a URL is shown with the secret replaced by ***), undici's own messages are never passed on (they
//   can quote a header value), and a redirect to another origin drops the Authorization header.
// - Retries (network errors, timeouts, 429, 5xx) happen only before the caller starts reading: a feed is a stream
//   that cannot be rewound, so a break mid-body errors the body and the sync decides.
// - A body that is itself a .gz file is unzipped here; gzip/deflate Content-Encoding fetch has already undone.

export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  /** The HTTP status that ended the fetch, when one did. */
  readonly status: number | null;
  /** Worth another attempt (a network error, a timeout, 429, 5xx); false for refused credentials, a 404… */
  readonly retryable: boolean;
  /** The server's Retry-After, in ms, when it gave one. */
  readonly retryAfterMs: number | null;
  /** The feed's URL as shown (the secret replaced by ***), or null for a URL that could not be read. */
  readonly url: string | null;

  /** `reason` is for the operator; `url` is the feed's URL as shown (secret replaced), appended to the message. */
  constructor(
    readonly reason: string,
    opts: { url?: string; status?: number; retryable?: boolean; retryAfterMs?: number | null } = {},
  ) {
    super(opts.url ? `${reason}: ${opts.url}` : reason);
    this.status = opts.status ?? null;
    this.retryable = opts.retryable ?? false;
    this.retryAfterMs = opts.retryAfterMs ?? null;
    this.url = opts.url ?? null;
  }
}

export interface FetchFeedOptions {
  auth: FeedCredentials;
  /** Longest wait for the server's answer, and for each next chunk of the body (default 30 s). */
  timeoutMs?: number;
  /** Longest the whole fetch may take, retries and download included (default 10 min). */
  totalTimeoutMs?: number;
  /** Attempts after the first (default 3). */
  retries?: number;
  /** Back-off base: attempt n waits a random time up to backoffMs × 2ⁿ (default 1 s). */
  backoffMs?: number;
  /** Most decoded bytes read before the body errors (default 200 MB). */
  maxBytes?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

export interface FetchedFeed {
  /** The decoded body; errors with a FeedFetchError when the download breaks, stalls or passes maxBytes. */
  body: Readable;
  contentType: string | null;
  /** Decoded bytes read so far. */
  bytes: () => number;
}

const MB = 1024 * 1024;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A server asking for a longer pause than this gets this: a scheduled sync should not sit idle for hours. */
const RETRY_AFTER_CAP_MS = 60_000;
const BACKOFF_CAP_MS = 60_000;

type Settings = Required<Omit<FetchFeedOptions, 'signal'>> & { signal: AbortSignal | undefined };

export async function fetchFeed(url: string, opts: FetchFeedOptions): Promise<FetchedFeed> {
  const settings: Settings = {
    timeoutMs: 30_000,
    totalTimeoutMs: 10 * 60_000,
    retries: 3,
    backoffMs: 1_000,
    maxBytes: 200 * MB,
    fetchImpl: (input, init) => fetch(input, init),
    ...definedOnly(opts),
    auth: opts.auth,
    signal: opts.signal,
  };
  const target = feedUrl(url, settings.auth);
  const shown = shownUrl(target, settings.auth);
  const headers = authHeaders(settings.auth);
  const deadline = Date.now() + settings.totalTimeoutMs;
  for (let attempt = 0; ; attempt++) {
    settings.signal?.throwIfAborted();
    try {
      return await fetchOnce(target, headers, shown, settings, deadline);
    } catch (error) {
      settings.signal?.throwIfAborted();
      const failed = error instanceof FeedFetchError ? error : unreachable(error, shown);
      if (!failed.retryable) throw failed;
      const wait = failed.retryAfterMs ?? Math.random() * Math.min(BACKOFF_CAP_MS, settings.backoffMs * 2 ** attempt);
      if (attempt >= settings.retries || Date.now() + wait >= deadline) throw gaveUp(failed, attempt + 1);
      await pause(wait, settings.signal);
    }
  }
}

/** One attempt: the answer (following redirects), then the first bytes, so a failure up to there can be retried. */
async function fetchOnce(
  target: URL,
  headers: Record<string, string>,
  shown: string,
  settings: Settings,
  deadline: number,
): Promise<FetchedFeed> {
  const attempt = new Attempt(settings.signal, deadline, settings.totalTimeoutMs, shown);
  try {
    const response = await answer(target, headers, shown, settings, attempt);
    const reader = response.body?.getReader();
    const first = reader ? await firstBytes(reader, settings.timeoutMs, attempt) : { chunks: [], done: true };
    const { body, bytes } = bodyStream(reader, first, settings, attempt);
    return { body, bytes, contentType: response.headers.get('content-type') };
  } catch (error) {
    const explained = attempt.explain(error, (other) => unreachable(other, shown));
    // Whatever failed, this attempt's connection is not reused half-read.
    attempt.abort(explained);
    attempt.end();
    throw explained;
  }
}

/** The feed's answer, redirects followed by hand so that each Location is checked before it is fetched. */
async function answer(
  target: URL,
  headers: Record<string, string>,
  shown: string,
  settings: Settings,
  attempt: Attempt,
): Promise<Response> {
  let current = target;
  let sent = headers;
  for (let hop = 0; ; hop++) {
    const init: RequestInit = { headers: sent, redirect: 'manual', signal: attempt.signal };
    const response = await attempt.timed(settings.fetchImpl(current, init), settings.timeoutMs, () =>
      feedError(`the feed server did not answer within ${seconds(settings.timeoutMs)}`, shown, { retryable: true }),
    );
    if (!REDIRECTS.has(response.status)) return accepted(response, shown);
    await discard(response);
    const next = redirectTarget(response.headers.get('location'), current, shown);
    if (hop + 1 > MAX_REDIRECTS) throw feedError(`the feed URL redirected more than ${MAX_REDIRECTS} times`, shown);
    // Credentials were given for the feed's own origin: another host (a CDN, a tracker) does not get them.
    if (next.origin !== current.origin) sent = {};
    current = next;
  }
}

function redirectTarget(location: string | null, current: URL, shown: string): URL {
  let next: URL | null = null;
  try {
    next = location ? new URL(location, current) : null;
  } catch {
    next = null;
  }
  if (!next) throw feedError('the feed URL redirected without a valid address to go to', shown);
  if (next.protocol !== 'http:' && next.protocol !== 'https:')
    throw feedError(`the feed URL redirected to a ${next.protocol} address, which is not fetched`, shown);
  if (next.username || next.password)
    throw feedError('the feed URL redirected to an address carrying a user name or password', shown);
  return next;
}

/** A 2xx answer as is; any other status as the error an operator can act on. */
async function accepted(response: Response, shown: string): Promise<Response> {
  const status = response.status;
  if (status >= 200 && status < 300) return response;
  await discard(response);
  const http = `(HTTP ${status})`;
  if (status === 401 || status === 403)
    throw feedError(`the network refused the credentials ${http}`, shown, { status });
  if (status === 404 || status === 410) throw feedError(`the feed URL was not found ${http}`, shown, { status });
  if (status === 429) {
    const retryAfterMs = retryAfter(response.headers.get('retry-after'));
    throw feedError(`the network is limiting requests ${http}`, shown, { status, retryable: true, retryAfterMs });
  }
  if (status >= 500) throw feedError(`the feed server failed ${http}`, shown, { status, retryable: true });
  throw feedError(`the feed server refused the request ${http}`, shown, { status });
}

/** Retry-After in seconds or as an HTTP date, in ms, capped; null when absent or unreadable. */
function retryAfter(value: string | null): number | null {
  if (!value) return null;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), RETRY_AFTER_CAP_MS) : null;
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;
type FirstBytes = { chunks: Uint8Array[]; done: boolean };

/** At least the two bytes that tell a gzip file, or the whole body when it is shorter. */
async function firstBytes(reader: Reader, timeoutMs: number, attempt: Attempt): Promise<FirstBytes> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < 2) {
    const read = await attempt.timed(reader.read(), timeoutMs, () => attempt.stalled(timeoutMs));
    if (read.done) return { chunks, done: true };
    chunks.push(read.value);
    length += read.value.length;
  }
  return { chunks, done: false };
}

function isGzip(chunks: Uint8Array[]): boolean {
  const head = Buffer.concat(chunks.slice(0, 2));
  return head[0] === 0x1f && head[1] === 0x8b;
}

/** The body as a Node stream: pulled chunk by chunk (backpressure reaches the socket), unzipped, counted, capped. */
function bodyStream(
  reader: Reader | undefined,
  first: FirstBytes,
  settings: Settings,
  attempt: Attempt,
): { body: Readable; bytes: () => number } {
  const queued = [...first.chunks];
  const source = new Readable({
    read() {
      void pull();
    },
    destroy(error, callback) {
      // Whoever stopped the stream (the cap, the caller, an error), the connection goes with it.
      attempt.abort(new Error('the feed body was closed'));
      reader?.cancel().catch(() => undefined);
      callback(error);
    },
  });
  const pull = async () => {
    try {
      for (;;) {
        const chunk = queued.shift() ?? (first.done || !reader ? null : await nextChunk(reader, settings, attempt));
        if (chunk === null) return void source.push(null);
        if (chunk.length > 0) return void source.push(chunk);
      }
    } catch (error) {
      source.destroy(attempt.explain(error, (other) => attempt.broken(other)));
    }
  };
  let count = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      count += chunk.length;
      if (count > settings.maxBytes) callback(attempt.tooLarge(settings.maxBytes));
      else callback(null, chunk);
    },
    destroy(error, callback) {
      // The source's errors are already ours; zlib's are put in our words; the caller's own error passes as it is.
      callback(error && isZlibError(error) ? attempt.broken(error) : error);
    },
  });
  const stages = isGzip(first.chunks) ? [source, createGunzip(), counted] : [source, counted];
  pipeline(stages, () => attempt.end());
  return { body: counted, bytes: () => count };
}

async function nextChunk(reader: Reader, settings: Settings, attempt: Attempt): Promise<Uint8Array | null> {
  const read = await attempt.timed(reader.read(), settings.timeoutMs, () => attempt.stalled(settings.timeoutMs));
  return read.done ? null : read.value;
}

/**
 * One attempt's life: its AbortController (tied to the caller's signal), the total deadline, and the errors that
 * name what happened. Every wait goes through timed(): a timeout aborts the request, so the socket is released too.
 */
class Attempt {
  private readonly controller = new AbortController();
  private readonly deadlineTimer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort = () => this.abort(this.caller?.reason);

  constructor(
    private readonly caller: AbortSignal | undefined,
    deadline: number,
    totalMs: number,
    private readonly shown: string,
  ) {
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.deadlineTimer = setTimeout(
      () => this.abort(feedError(`the feed took longer than ${seconds(totalMs)} to fetch`, shown)),
      Math.max(0, deadline - Date.now()),
    );
    // A body the caller left unread must not keep the process alive until the deadline.
    this.deadlineTimer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  end(): void {
    clearTimeout(this.deadlineTimer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  /** `work`, or the abort's reason when the attempt is aborted first (by `ms` passing, the deadline, the caller). */
  timed<T>(work: Promise<T>, ms: number, onTimeout: () => FeedFetchError): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.abort(onTimeout()), ms);
      const onAbort = () => reject(this.signal.reason);
      this.signal.addEventListener('abort', onAbort, { once: true });
      if (this.signal.aborted) onAbort();
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', onAbort);
      });
    });
  }

  /** The error to report: ours as is, the caller's abort reason as is, anything else (undici's) put in our words. */
  explain(error: unknown, otherwise: (error: unknown) => FeedFetchError): Error {
    if (error instanceof FeedFetchError) return error;
    const reason: unknown = this.signal.aborted ? this.signal.reason : undefined;
    if (reason instanceof FeedFetchError) return reason;
    if (this.caller?.aborted)
      return this.caller.reason instanceof Error
        ? this.caller.reason
        : new FeedFetchError('the feed fetch was cancelled');
    return otherwise(error);
  }

  stalled(ms: number): FeedFetchError {
    return feedError(`the feed server stopped sending for ${seconds(ms)}`, this.shown, { retryable: true });
  }

  tooLarge(maxBytes: number): FeedFetchError {
    return feedError(`the feed is larger than ${megabytes(maxBytes)} MB`, this.shown);
  }

  broken(error: unknown): FeedFetchError {
    const code = errorCode(error);
    const gzip = isZlibError(error);
    const reason = gzip ? 'the feed is a damaged gzip file' : `the feed download broke off${code ? ` (${code})` : ''}`;
    return feedError(reason, this.shown, { retryable: !gzip });
  }
}

/** The URL to fetch: http(s) only, without user info, the query secret added when the auth says so. */
function feedUrl(text: string, auth: FeedCredentials): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new FeedFetchError('the feed URL is not a valid address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FeedFetchError('the feed URL must start with http:// or https://');
  if (url.username || url.password)
    throw new FeedFetchError("the feed URL must not carry a user name or password: set them as the feed's credentials");
  if (auth.auth === 'query') {
    if (!auth.name || !auth.secret)
      throw new FeedFetchError("the feed's query credentials need the parameter's name and its value");
    url.searchParams.set(auth.name, auth.secret);
  }
  return url;
}

function authHeaders(auth: FeedCredentials): Record<string, string> {
  if (auth.auth === 'bearer') {
    if (!auth.secret) throw new FeedFetchError("the feed's bearer token is missing");
    // A header carries visible ASCII only; undici's own complaint would quote the token.
    if (!/^[\x21-\x7e]+$/.test(auth.secret))
      throw new FeedFetchError("the feed's bearer token has spaces or characters a header cannot carry");
    return { authorization: `Bearer ${auth.secret}` };
  }
  if (auth.auth === 'basic') {
    if (!auth.name || auth.secret === undefined)
      throw new FeedFetchError("the feed's Basic credentials need a user name and a password");
    if (auth.name.includes(':')) throw new FeedFetchError("the feed's Basic user name cannot contain ':'");
    return { authorization: `Basic ${Buffer.from(`${auth.name}:${auth.secret}`, 'utf8').toString('base64')}` };
  }
  return {};
}

/** The URL as messages show it: the query secret as ***, and the secret itself wherever else it appears. */
function shownUrl(url: URL, auth: FeedCredentials): string {
  const copy = new URL(url);
  if (auth.auth === 'query' && auth.name) copy.searchParams.set(auth.name, '***');
  let text = copy.toString();
  const secret = auth.secret;
  if (secret) {
    const spellings = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
    for (const spelling of spellings) text = text.replaceAll(spelling, '***');
  }
  return text;
}

function feedError(
  reason: string,
  url: string,
  opts: { status?: number; retryable?: boolean; retryAfterMs?: number | null } = {},
): FeedFetchError {
  return new FeedFetchError(reason, { url, ...opts });
}

/** A fetch that failed below HTTP (refused, reset, DNS): only the system's error code is kept, never its message. */
function unreachable(error: unknown, shown: string): FeedFetchError {
  const code = errorCode(error);
  return feedError(`the feed server could not be reached${code ? ` (${code})` : ''}`, shown, { retryable: true });
}

function gaveUp(error: FeedFetchError, attempts: number): FeedFetchError {
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  return new FeedFetchError(`${error.reason}; gave up after ${tries}`, {
    url: error.url ?? undefined,
    status: error.status ?? undefined,
    retryable: false,
  });
}

function isZlibError(error: unknown): boolean {
  return errorCode(error)?.startsWith('Z_') ?? false;
}

function errorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function seconds(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Number((ms / 1000).toPrecision(3))} s`;
}

function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return String(mb >= 10 ? Math.round(mb) : Number(mb.toPrecision(2)));
}
