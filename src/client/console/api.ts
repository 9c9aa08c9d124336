import { CSRF_HEADER } from '../../shared/contract/admin';

// The console's calls (issues 15 and 25): JSON on the console's own host, signed in by an HttpOnly cookie the page
// cannot read; every write carries the session's CSRF token, which lives in this module's memory only (never web
// storage: a reload asks the server for it again). A 401 ends the session here, and every failure carries the server's
// message (SPEC §8: an array's errorMessage values joined with ', ').
export const BLOCKED = 'user does not have access to the portal';
/** A window event (detail: the server's message) when a call finds the session over. */
export const SIGNED_OUT = 'console:signed-out';

let csrf: string | null = null;

export const session = {
  active: (): boolean => csrf !== null,
  start(token: string): void {
    csrf = token;
  },
  clear(): void {
    csrf = null;
  },
};

export class ConsoleError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

function messageOf(body: unknown, status: number): string {
  const m = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(m)) {
    const parts = m
      .map((e) => (typeof e === 'string' ? e : (e as { errorMessage?: string })?.errorMessage))
      .filter((s): s is string => typeof s === 'string' && s.trim() !== '');
    if (parts.length) return parts.join(', ');
  }
  if (typeof m === 'string' && m.trim()) return m;
  return status === 0 ? 'The server cannot be reached.' : 'Something went wrong.';
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A raw body (CSV text, an image file) sent with this content type. */
  text?: { body: string | Blob; type: string };
  /** Answers with these statuses are returned, not thrown (the import's 422 report). */
  accept?: number[];
}

/** Calls the API; throws ConsoleError with the server's message on a failure. */
export async function call<T>(path: string, o: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const method = o.method ?? 'GET';
  if (csrf && method !== 'GET') headers[CSRF_HEADER] = csrf;
  let body: string | Blob | undefined;
  if (o.text) {
    headers['content-type'] = o.text.type;
    body = o.text.body;
  } else if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ConsoleError(messageOf(null, 0), 0, null);
  }
  const parsed: unknown = await res.json().catch(() => null);
  if (res.ok || o.accept?.includes(res.status)) return parsed as T;
  const error = new ConsoleError(messageOf(parsed, res.status), res.status, parsed);
  // A 401 (the session ended), or a blocked account: the console goes back to its sign-in.
  if ((res.status === 401 && !path.endsWith('/session')) || (res.status === 403 && error.message === BLOCKED)) {
    const signedIn = session.active();
    session.clear();
    if (signedIn) window.dispatchEvent(new CustomEvent(SIGNED_OUT, { detail: error.message }));
  }
  throw error;
}
