import { parseCli } from '../server/cli';

// `npm run bench`: its usage, then the bench itself (bench.ts), loaded only once the arguments are known.
parseCli({
  name: 'bench',
  about:
    'Builds the client into dist/bench, serves fresh demo data with the compiled server and measures: bundle sizes,\n' +
    'the scripts each demo home fetches, Lighthouse, API and page throughput, memory, mail. Writes bench/report.json\n' +
    'and bench/report.md (a partial run: bench/work/). Settings are environment variables.',
  env: [
    'BENCH_PARTS: parts to run, comma-separated (default all): bundle, scripts, lighthouse, floor, api-demo,',
    '  api-large, api-pg, instances, mail, misses, feeds',
    'BENCH_PAGES: Lighthouse pages, e.g. "home five.localhost,store page" (default all nine)',
    'BENCH_LH_RUNS, BENCH_LOAD_SECONDS, BENCH_WARMUP_SECONDS: shorten a run (3, 10, 3)',
    'BENCH_LARGE_STORES, BENCH_LARGE_COUPONS, BENCH_MAIL_RECIPIENTS: dataset sizes (5000, 100000, 10000)',
    'BENCH_PORT: first port (default 8350); BENCH_ENFORCE=1: exit 1 when a budget is broken (CI)',
    'BENCH_REFERENCE: the reference commit of decision 019, or off; BENCH_LHR_DIR: keep Lighthouse reports',
    'DATABASE_URL: a PostgreSQL database the bench may use (api-pg, instances); CHROME_PATH: Chromium',
  ],
});

await import('./bench');
