// Reads a page repeats, kept in memory beside the response cache (issue 27). A store page at a never-asked address
// (another page of its coupons, another filter) is a cache miss, yet four of its five statements read what every
// page of that store shares: the store's row, its related stores, its tab counts and its active-coupon count. Each
// such read is kept under the response cache's own tags ("tenant:<id>", "store:<id>", "visits", and "all" on every
// entry) for the response cache's TTL, and dropped whenever the response cache drops one of its tags (an operator's
// write, a feed sync, a click-out, here or on another instance through the cache bus). So a kept read is never older
// than a page the response cache could already serve; what only a new address reads (its page of coupons) is still
// asked of the database.

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads kept beside the response cache (noReadMemo when the cache is off). */
    readMemo: ReadMemo;
  }
}

export interface ReadMemoOptions {
  /** How long a read is kept (ms): the response cache's TTL. */
  ttlMs: number;
  /** At most this many reads are kept (the oldest goes first). */
  maxEntries?: number;
  now?: () => number;
}

/** The tag every entry carries: dropping it empties the memo (the response cache's catch-all). */
export const ALL_TAG = 'all';

export interface ReadMemo {
  /**
   * The value kept for `key` if it is fresh and none of its tags was dropped since; else `load()`, kept under the tags
   * `tagsOf` gives for its value (a read during which any tag was dropped is used, not kept: it may predate the write).
   * `tagsOf` answers null for a value not worth keeping: what a client's made-up slug or id finds (nothing) is asked
   * of the database each time and takes no room from the reads of real stores.
   */
  read<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[] | null): Promise<T>;
  /** Forgets every read carrying `tag` ("all": every read). */
  drop(tag: string): void;
  readonly size: number;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  until: number;
}

export function readMemo(opts: ReadMemoOptions): ReadMemo {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? 4_000;
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    async read<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[] | null): Promise<T> {
      const kept = entries.get(key);
      if (kept && kept.until > now()) return kept.value as T;
      const startedIn = generation;
      const value = await load();
      const tags = startedIn === generation ? tagsOf(value) : null;
      entries.delete(key);
      if (tags) {
        entries.set(key, { value, tags, until: now() + opts.ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    drop(tag) {
      generation += 1;
      if (tag === ALL_TAG) {
        entries.clear();
        return;
      }
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/** Loads without keeping anything: where the response cache is off, so is the memo. */
export const noReadMemo: ReadMemo = {
  read: (_key, load) => load(),
  drop: () => {},
  size: 0,
};
