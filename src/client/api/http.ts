import { apiBaseUrl } from '../../shared/api/base-url';
import { session } from './session';

/** An HTTP answer that was not 2xx; `body` is the parsed JSON answer when there was one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The API's "no such thing" answers: 404 for an unknown slug, 400 for one that cannot be a slug at all. */
export function isNotFoundError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** How a request is sent: `fetch` in the browser; server rendering answers from the API in the same process. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpConfig {
  apiBase: string;
  stagingApiBase?: string | null;
  /** Server rendering only: the transport adds the page's host (there is no window to read it from). */
  transport?: Transport;
}

let config: HttpConfig = { apiBase: '' };

export function configureHttp(next: HttpConfig): void {
  config = next;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent even when the page unloads (a record made as the shopper leaves for the merchant). */
  keepalive?: boolean;
}

/** The query's set values (undefined, null and '' are left out). */
function searchOf(query?: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params;
}

function buildUrl(path: string, query?: Query): string {
  const params = searchOf(query);
  // Server rendering: no window, the transport answers the path as the page's own origin would.
  if (typeof window === 'undefined') return params.size ? `${path}?${params}` : path;
  const base = apiBaseUrl(config.apiBase, window.location, config.stagingApiBase ?? '');
  const url = new URL(`${base}${path}`, window.location.origin);
  url.search = params.toString();
  return base ? url.toString() : `${url.pathname}${url.search}`;
}

/**
 * SPEC §7 client: JSON in and out, bearer token on every call but login, the page's host as `domain-name`,
 * and a 401 discards the stored token before the error is passed on.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (typeof window !== 'undefined') headers['domain-name'] = window.location.hostname;
  const token = session.token();
  if (token && !/login$/i.test(path)) headers.Authorization = `Bearer ${token}`;
  const response = await (config.transport ?? fetch)(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
    credentials: 'same-origin',
  });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (response.status === 401) session.clearToken();
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `Request failed with status ${response.status}`;
    throw new ApiError(message, response.status, body);
  }
  return body as T;
}
