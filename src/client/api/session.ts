// SPEC §3: session storage holds the token, the role and the banner caches.
const TOKEN = 'token';
const ROLE = 'role';

// Storage blocked (privacy mode, a frame of another site): the tab's memory holds the visitor token instead, so the
// route guard still lets the shopper in; the caches then last as long as the page.
const memory = new Map<string, string>();
const inMemory = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return inMemory;
  }
}

export const session = {
  token: (): string | null => storage()?.getItem(TOKEN) ?? null,
  setToken: (token: string): void => storage()?.setItem(TOKEN, token),
  clearToken: (): void => storage()?.removeItem(TOKEN),
  role: (): string | null => storage()?.getItem(ROLE) ?? null,
  setRole: (role: string): void => storage()?.setItem(ROLE, role),
  clearRole: (): void => storage()?.removeItem(ROLE),
  /** A JSON cache entry (ad banners, recommended banners); null when absent or unreadable. */
  readCache<T>(key: string): T | null {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      storage()?.removeItem(key);
      return null;
    }
  },
  writeCache(key: string, value: unknown): void {
    try {
      storage()?.setItem(key, JSON.stringify(value));
    } catch {
      // quota exceeded: caching is an optimisation only
    }
  },
};

/** SPEC §2/§6: the product writes a visitor token itself at start, so the route guard never blocks a shopper. */
export function ensureVisitorToken(): void {
  if (session.token()) return;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());
  session.setToken(`visitor-${random}`);
}
