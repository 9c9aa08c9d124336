import { getHeapSpaceStatistics } from 'node:v8';

// The server's V8 heap, sized for issue 6's memory target (server RSS ≤ 300 MB under load). Left to itself V8 sizes
// the heap from the machine's memory (gigabytes here) and collects lazily, so under load the RSS climbed past
// 500 MB though the live heap stays far smaller: the response cache is capped at 48 MB and pages at 1–2 MB in flight.
// With these flags a 10 s document load at 50 connections peaks near 310 MB (PGlite's WASM heap is ~120 MB of it) at
// the same throughput. `npm start` passes them (package.json; a unit test keeps the two equal), so does the bench.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=160', '--max-semi-space-size=4'];

// The allocator under V8, PGlite and zlib/brotli (decision 032). glibc's malloc keeps what the server frees in its
// per-thread arenas, fragmented, and never hands it back: 60–100 MB of an idle server, and 30 MB of run-to-run spread.
// jemalloc (Debian's libjemalloc2, named without a path so ld.so finds it on any architecture) with two arenas and
// a background thread returning pages unused for a second holds the same server at ~232 MB instead of 260–293 MB,
// which issue 24's "≤ 300 MB during a 400,000-row import" needs. Where it is not installed ld.so says so once and
// glibc serves; MALLOC_MMAP_THRESHOLD_ then keeps blocks of 128 KiB and more in mmaps of their own, returned on free
// (glibc would otherwise raise its threshold each time a large block is freed). Both are read at process start
// only, so `npm start`, the image (ENV) and every test that starts the server set them.
export const SERVER_ENV: Readonly<Record<string, string>> = {
  LD_PRELOAD: 'libjemalloc.so.2',
  MALLOC_CONF: 'background_thread:true,narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/** What the server's memory is made of, for the bench (src/bench): bytes, main thread only. */
export interface MemoryBreakdown {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  /** Memory V8 does not hold on its heap: PGlite's WASM memory when on PGlite, Buffers. */
  external: number;
  arrayBuffers: number;
  /** V8's code space (compiled functions). */
  code: number;
  /** The response cache's bodies and compressed copies, and the built assets kept in memory. */
  responseCache: { entries: number; bytes: number };
  assets: { files: number; bytes: number };
}

/** The line `memoryBreakdown` prints starts with this (the bench finds it in the server's output). */
export const MEMORY_REPORT_MARK = 'memory-report ';

export function memoryBreakdown(parts: Pick<MemoryBreakdown, 'responseCache' | 'assets'>): MemoryBreakdown {
  const m = process.memoryUsage();
  const code = getHeapSpaceStatistics().find((s) => s.space_name === 'code_space')?.space_used_size ?? 0;
  return {
    rss: m.rss,
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    code,
    ...parts,
  };
}
