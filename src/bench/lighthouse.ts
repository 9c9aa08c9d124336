import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium';

// Lighthouse (mobile defaults: simulated slow 4G, 4x CPU) driving Debian's Chromium; the median of N runs per page.

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

export type Metric = keyof typeof METRICS;
export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: Record<Metric, number | null>;
}
export interface LighthouseResult extends LighthouseRun {
  name: string;
  url: string;
  runs: LighthouseRun[];
  /** Run errors (a page that failed every run has only errors). */
  errors: string[];
  /** Audits that failed in accessibility, best practices or SEO in the median-performance run, to say why a score is short. */
  failing: string[];
}

export const median = (values: (number | null)[]): number | null => {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

/** With BENCH_LHR_DIR set, each run's whole Lighthouse report is kept there (to see which tasks made a figure). */
async function keepReport(url: string, report: string | string[]): Promise<void> {
  const dir = process.env.BENCH_LHR_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const name = `${url.replace(/^https?:\/\//, '').replace(/[^a-z0-9.]+/gi, '_')}-${Date.now()}.json`;
  await writeFile(path.join(dir, name), Array.isArray(report) ? report[0]! : report);
}

async function runOnce(url: string): Promise<{ run: LighthouseRun; failing: string[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    await keepReport(url, result.report);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c]!.score! * 100)]),
    );
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null]),
    );
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}: ${ref.id}`),
    );
    return { run: { scores, metrics } as LighthouseRun, failing };
  } finally {
    chrome.kill();
  }
}

/** One attempt, and a second when Chromium's trace fails (NO_NAVSTART and the like happen now and then on a busy machine). */
async function runWithRetry(url: string, errors: string[]): Promise<{ run: LighthouseRun; failing: string[] }> {
  try {
    return await runOnce(url);
  } catch (err) {
    errors.push(`retried after: ${(err as Error).message}`);
    return runOnce(url);
  }
}

/** N runs of one page (a fresh Chromium each), per-figure medians; a run that throws is recorded, not fatal. */
export async function lighthousePage(
  name: string,
  url: string,
  runs: number,
  log: (m: string) => void,
): Promise<LighthouseResult> {
  const done: { run: LighthouseRun; failing: string[] }[] = [];
  const errors: string[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      done.push(await runWithRetry(url, errors));
      const last = done[done.length - 1]!.run;
      log(
        `  lighthouse ${name} run ${i + 1}/${runs}: perf ${last.scores.performance}, LCP ${Math.round(last.metrics.lcp ?? NaN)} ms`,
      );
    } catch (err) {
      errors.push((err as Error).message);
      log(`  lighthouse ${name} run ${i + 1}/${runs} failed: ${(err as Error).message}`);
    }
  }
  const pick = <T extends string>(keys: readonly T[], get: (r: LighthouseRun, k: T) => number | null) =>
    Object.fromEntries(keys.map((k) => [k, median(done.map((d) => get(d.run, k)))])) as Record<T, number | null>;
  const scores = pick(CATEGORIES, (r, k) => r.scores[k]);
  const metrics = pick(Object.keys(METRICS) as Metric[], (r, k) => r.metrics[k]);
  const perfMedian = median(done.map((d) => d.run.scores.performance));
  const medianRun = done.find((d) => d.run.scores.performance === perfMedian) ?? done[0];
  return { name, url, scores, metrics, runs: done.map((d) => d.run), errors, failing: medianRun?.failing ?? [] };
}
