// The console's calls (issue 15): JSON with the bearer token from session storage (SPEC §3, §6); a 401 removes the
// stored token and role, and every failure carries the server's message (SPEC §8: an array's errorMessage values
// joined with ', '). Kept apart from the shopper's data layer: nothing here is in the shop's first load.
const TOKEN = 'token';
const ROLE = 'role';
export const BLOCKED = 'user does not have access to the portal';
/** A window event (detail: the server's message) when a call finds the session over. */
export const SIGNED_OUT = 'console:signed-out';

function store(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export const session = {
  token: (): string | null => store()?.getItem(TOKEN) ?? null,
  role: (): string | null => store()?.getItem(ROLE) ?? null,
  save(token: string, role: string): void {
    store()?.setItem(TOKEN, token);
    store()?.setItem(ROLE, role);
  },
  clear(): void {
    store()?.removeItem(TOKEN);
    store()?.removeItem(ROLE);
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
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A raw text body (CSV) sent with this content type. */
  text?: { body: string; type: string };
  /** Answers with these statuses are returned, not thrown (the import's 422 report). */
  accept?: number[];
}

/** Calls the API; throws ConsoleError with the server's message on a failure. */
export async function call<T>(path: string, o: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token && !path.endsWith('/login')) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (o.text) {
    headers['content-type'] = o.text.type;
    body = o.text.body;
  } else if (o.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: o.method ?? 'GET', headers, body });
  } catch {
    throw new ConsoleError(messageOf(null, 0), 0, null);
  }
  const parsed: unknown = await res.json().catch(() => null);
  if (res.ok || o.accept?.includes(res.status)) return parsed as T;
  const error = new ConsoleError(messageOf(parsed, res.status), res.status, parsed);
  // A 401 (SPEC §7: the stored token is discarded), or a blocked account: the console goes back to its sign-in.
  if ((res.status === 401 && !path.endsWith('/login')) || (res.status === 403 && error.message === BLOCKED)) {
    const signedIn = session.token() !== null;
    session.clear();
    if (signedIn) window.dispatchEvent(new CustomEvent(SIGNED_OUT, { detail: error.message }));
  }
  throw error;
}

export const qs = (params: Record<string, string | number | undefined>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};
