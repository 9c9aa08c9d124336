import { appendFileSync } from 'node:fs';

// Test-only preload of every server this suite starts (node --import ./tests/resilience/server-preload.ts …).

// 1. No orphans: a server whose test process died (killed on a timeout, Ctrl-C) before its afterAll stops too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(1);
}, 1000).unref();

// 2. For the load test (node --expose-gc): on SIGUSR2, a full garbage collection, then process.memoryUsage() appended to
// $RESILIENCE_GC_LOG. Memory measured right after a full collection has no garbage sawtooth in it, so a trend in it
// is retained memory, i.e. a leak.
const gc = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  gc?.();
  const file = process.env.RESILIENCE_GC_LOG;
  if (file) appendFileSync(file, `${JSON.stringify({ at: Date.now(), gc: Boolean(gc), ...process.memoryUsage() })}\n`);
});
