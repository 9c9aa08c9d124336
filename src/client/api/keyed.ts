/**
 * The most atoms a family keeps. The atoms of mounted components are read on every render, so they stay the most
 * recent; an evicted atom is made again from its QueryClient entry (same key, same data), never a second fetch.
 */
export const KEYED_LIMIT = 64;

const families: Map<string, unknown>[] = [];

/**
 * One atom per key (the data layer's atom family): the same parameters give the same atom and cache entry while it is
 * among the family's KEYED_LIMIT most recently used. Bounded because the server-rendering bundle lives as long as the
 * server: every distinct `/searchpage?q=` would otherwise add atoms forever.
 */
export function keyed<Args extends readonly (string | number | boolean | null)[], A>(
  create: (...args: Args) => A,
): (...args: Args) => A {
  const cache = new Map<string, A>();
  families.push(cache);
  return (...args: Args) => {
    const key = JSON.stringify(args);
    let value = cache.get(key);
    if (value === undefined) {
      value = create(...args);
      if (cache.size >= KEYED_LIMIT) cache.delete(cache.keys().next().value ?? key);
    } else {
      cache.delete(key); // re-inserted below: a Map iterates in insertion order, so the first key is the least recent
    }
    cache.set(key, value);
    return value;
  };
}

/** How many atoms all families hold (the server-rendering memory test reads it through render.tsx). */
export function keyedEntries(): number {
  return families.reduce((sum, family) => sum + family.size, 0);
}

/** SPEC §7 "resolution (window width x height)": sent with the request, not part of the cache key. */
export function resolution(): string {
  return typeof window === 'undefined' ? '0x0' : `${window.innerWidth}x${window.innerHeight}`;
}
