import { getHeapSpaceStatistics } from 'node:v8';

// The server's V8 heap, sized for issue 6's memory target (server RSS ≤ 300 MB under load). Left to itself V8 sizes
// the heap from the machine's memory (gigabytes here) and collects lazily, so under load the RSS climbed past
// 500 MB though the live heap stays far smaller: the response cache is capped at 48 MB and pages at 1–2 MB in flight.
// With these flags a 10 s document load at 50 connections peaks near 310 MB (PGlite's WASM heap is ~120 MB of it) at
// the same throughput. `npm start` passes them (package.json; a unit test keeps the two equal), so does the bench.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=160', '--max-semi-space-size=4'];

// glibc malloc raises its mmap threshold each time a large block is freed (up to 32 MB), after which brotli's and
// zlib's windows, V8's compile zones and PGlite's query buffers come from the per-thread arenas and stay resident once
// freed: 60–100 MB of arenas on an idle server. A fixed threshold keeps blocks of 128 KiB and more in mmaps of their
// own, returned to the system on free: the server idles ~30 MB lower on PGlite (issue 24: ≤ 300 MB during an import).
// glibc reads it at process start only, so `npm start`, the image (ENV) and every test that starts the server set it.
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

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
