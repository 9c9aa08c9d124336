import fc from 'fast-check';

// QA reproduces a failure with FC_SEED=<seed> (printed by fast-check on failure); FC_RUNS raises or lowers the effort.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const numRuns = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : undefined;
if (seed !== undefined && Number.isNaN(seed)) throw new Error(`FC_SEED must be an integer, got ${process.env.FC_SEED}`);
if (numRuns !== undefined && !(numRuns > 0))
  throw new Error(`FC_RUNS must be a positive integer, got ${process.env.FC_RUNS}`);
fc.configureGlobal({
  ...(seed !== undefined ? { seed } : {}),
  ...(numRuns !== undefined ? { numRuns } : {}),
  verbose: 1,
});
if (seed !== undefined || numRuns !== undefined) {
  console.info(`[fast-check] seed=${seed ?? 'random'} runs=${numRuns ?? 'default (100)'}`);
}
