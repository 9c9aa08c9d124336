import { appendFileSync } from 'node:fs';

// Test-only preload for the load test's server (node --expose-gc --import ./tests/resilience/gc-hook.ts …): on SIGUSR2
// it runs a full garbage collection and appends process.memoryUsage() to $RESILIENCE_GC_LOG. Memory measured right
// after a full collection has no garbage sawtooth in it, so a trend in it is retained memory, i.e. a leak.
const gc = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  gc?.();
  const file = process.env.RESILIENCE_GC_LOG;
  if (file) appendFileSync(file, `${JSON.stringify({ at: Date.now(), gc: Boolean(gc), ...process.memoryUsage() })}\n`);
});
