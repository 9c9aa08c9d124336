// A small in-memory cache with a short time-to-live: pages of a busy tenant share one lookup per key and TTL.
export interface TtlCache<V> {
  /** The cached value, or load() once for every concurrent caller; a failed load is not kept. */
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function ttlCache<V>(ttlMs: number, maxEntries: number, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      // No time to live: nothing kept (an expired entry would otherwise stay until its key is asked again).
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      if (hit) entries.delete(key);
      // Map keeps insertion order: the first key is the oldest one.
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      const value = load();
      entries.set(key, { at: now(), value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
