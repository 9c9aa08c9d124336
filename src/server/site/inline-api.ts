import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';

// Answers of our own API for the HTML pages, taken through app.inject so the inlined bootstrap data is byte for byte
// what the client would fetch (same route, schema serialisation and tenancy): the shapes cannot drift.
export type ApiResult<T> = { status: 200; body: T } | { status: number; body: null };

/** GET `url` of our own API as the tenant `host`, in process (through the response cache). */
/**
 * The peer address of the server's own calls (a page asking the API for its data): the unspecified address, which no
 * TCP connection comes from, so no client can pass for one. The miss budget does not count them: the page that made
 * them was counted once, against its shopper's network (issue 27).
 */
export const SERVER_OWN_ADDRESS = '0.0.0.0';

export function injectGet(app: FastifyInstance, host: string, url: string) {
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: SERVER_OWN_ADDRESS,
    headers: { host, 'domain-name': host, accept: 'application/json' },
  });
}

/** An answer of our own API as the server reads it: status, body text and headers. */
export interface OwnAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/**
 * GET `url` of our own API as the tenant `host`: the fresh answer the response cache keeps, as it is, else through
 * app.inject (which keeps it). The one way the server reads its own API (inlined answers, a render thread's reads).
 */
export async function ownGet(app: FastifyInstance, host: string, url: string): Promise<OwnAnswer> {
  const kept = app.responseCache.peekAnswer(host, url);
  if (kept) return { statusCode: kept.status, body: kept.body.toString('utf8'), headers: kept.headers };
  const res = await injectGet(app, host, url);
  return { statusCode: res.statusCode, body: res.body, headers: res.headers };
}

export interface InlineApi {
  /** GET `url` as the tenant `host`; 200 → the parsed body, 4xx → status only; 5xx raises (the page fails like the API). */
  get<T>(host: string, url: string): Promise<ApiResult<T>>;
}

/** No cache of its own: ownGet reads through the response cache, so inlined answers share its entries and invalidation. */
export function inlineApi(app: FastifyInstance): InlineApi {
  const load = async (host: string, url: string): Promise<ApiResult<unknown>> => {
    const res = await ownGet(app, host, url);
    if (res.statusCode === 200) return { status: 200, body: JSON.parse(res.body) as unknown };
    if (res.statusCode >= 500) {
      let message = 'Something went wrong on our side.';
      try {
        const m = (JSON.parse(res.body) as { message?: unknown }).message;
        if (typeof m === 'string') message = m;
      } catch {
        // not JSON: keep the generic message
      }
      throw new ApiError(res.statusCode, message);
    }
    return { status: res.statusCode, body: null };
  };
  return {
    get: <T>(host: string, url: string) => load(host, url) as Promise<ApiResult<T>>,
  };
}
