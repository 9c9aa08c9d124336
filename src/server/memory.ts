// The server's V8 heap, sized for issue 6's memory target (server RSS ≤ 300 MB under load). Left to itself V8 sizes
// the heap from the machine's memory (gigabytes here) and collects lazily, so under load the RSS climbed past
// 500 MB though the live heap stays far smaller: the response cache is capped at 48 MB and pages at 1–2 MB in flight.
// With these flags a 10 s document load at 50 connections peaks near 310 MB (PGlite's WASM heap is ~120 MB of it) at
// the same throughput. `npm start` passes them (package.json; a unit test keeps the two equal), so does the bench.
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=160', '--max-semi-space-size=4'];
