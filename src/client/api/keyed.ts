/** One atom per key (the data layer's atom family): the same parameters always give the same atom and cache entry. */
export function keyed<Args extends readonly (string | number | boolean | null)[], A>(create: (...args: Args) => A): (...args: Args) => A {
  const cache = new Map<string, A>();
  return (...args: Args) => {
    const key = JSON.stringify(args);
    let value = cache.get(key);
    if (value === undefined) {
      value = create(...args);
      cache.set(key, value);
    }
    return value;
  };
}

/** SPEC §7 "resolution (window width x height)": sent with the request, not part of the cache key. */
export function resolution(): string {
  return typeof window === 'undefined' ? '0x0' : `${window.innerWidth}x${window.innerHeight}`;
}
