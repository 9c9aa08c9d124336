import { describe, expect, it } from 'vitest';
import type { ApiResult, GroupResult } from '../../../src/bench/api';
import type { LoadFigures } from '../../../src/bench/load';
import type { Report } from '../../../src/bench/bench';
import type { HomeScripts } from '../../../src/bench/scripts';
import type { RelativeLighthouse } from '../../../src/bench/baseline';
import type { LighthouseResult } from '../../../src/bench/lighthouse';
import { budgets, performanceVerdict, scaleChecks, targets } from '../../../src/bench/targets';

const report = (over: Partial<Report>): Report => ({
  startedAt: '',
  durationSeconds: 0,
  machine: { node: '', cpus: 2, platform: 'linux' },
  settings: { lighthouseRuns: 1, loadSeconds: 1, warmupSeconds: 1, largeStores: 1, largeCoupons: 1, mailRecipients: 1 },
  bundle: null,
  html: null,
  scripts: null,
  lighthouse: [],
  floor: null,
  api: [],
  memory: [],
  instances: null,
  skipped: [],
  ...over,
});
const home = (host: string, kb: number, ready = true): HomeScripts => ({
  host,
  url: `http://${host}/`,
  ready,
  acceptEncoding: ['gzip, deflate, br, zstd'],
  failed: [],
  scripts: [{ url: `http://${host}/assets/a.js`, coding: 'br', bodyBytes: kb * 1024 - 300, transferBytes: kb * 1024 }],
  transferBytes: kb * 1024,
  bodyBytes: kb * 1024 - 300,
});
const figures = (reqPerSec: number, p99: number, errors = 0): LoadFigures => ({
  reqPerSec,
  bytesPerSec: 0,
  p50: 1,
  p99,
  errors,
  non2xx: 0,
  timeouts: 0,
  requests: 1,
});
const group = (
  name: string,
  kind: GroupResult['kind'],
  encoding: GroupResult['encoding'],
  server: LoadFigures,
  limit: number,
): GroupResult => ({
  name,
  kind,
  encoding,
  paths: ['/'],
  server,
  limit: figures(limit, 5),
  ratio: server.reqPerSec / limit,
});
const api = (groups: GroupResult[]): ApiResult => ({
  dataset: 'demo',
  targets: { storeSlug: 's', storeName: 'S', category: 'c', term: 't' },
  groups,
  served: [],
  unloaded: [],
  visit: null,
  peakRssDuringLoad: null,
  errors: [],
});

describe('bench: issue 19 script budget', () => {
  it('checks every home against 120 KB as transferred', () => {
    const checks = budgets(report({ scripts: [home('one.localhost', 119.9), home('localhost', 120.1)] })).filter(
      (c) => c.id === '19.scripts',
    );
    expect(checks.map((c) => c.met)).toEqual([true, false]);
    expect(checks[1]!.gap).toBe('0.1 KB over');
  });
  it('does not pass a home that never hydrated, nor a run without figures', () => {
    expect(
      budgets(report({ scripts: [home('two.localhost', 50, false)] })).find((c) => c.id === '19.scripts')!.met,
    ).toBeNull();
    expect(budgets(report({})).find((c) => c.id === '19.scripts')!.met).toBeNull();
  });
});

const lh = (perf: number): LighthouseResult => {
  const run = {
    scores: { performance: perf, accessibility: 100, 'best-practices': 100, seo: 100 },
    metrics: { lcp: 1000, fcp: 800, tbt: 100, cls: 0, si: 1500 },
  };
  return { ...run, name: 'home five.localhost', url: 'http://five.localhost:1/', runs: [run], errors: [], failing: [] };
};
const beside = (head: number[], reference: number[]): RelativeLighthouse => {
  const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? null;
  return {
    page: 'home five.localhost',
    commit: '37ebec4b7f22500d2dde8a022c4078462ee3046b',
    head,
    reference,
    headMedian: mid(head),
    referenceMedian: mid(reference),
    tolerance: 5,
  };
};

describe('bench: Lighthouse performance against the machine (decision 019)', () => {
  it('holds 95 when no reference was measured, or when the reference makes 95 here', () => {
    expect(performanceVerdict(96, undefined).met).toBe(true);
    expect(performanceVerdict(94, undefined)).toMatchObject({ met: false, gap: 'performance 94 < 95' });
    const v = performanceVerdict(90, beside([90, 91, 89], [97, 96, 98]));
    expect(v.met).toBe(false);
    expect(v.note).toContain('the page is short');
  });
  it('judges HEAD by its runs beside the reference when its first three missed 95 and the reference makes it', () => {
    // CI on 2026-12-07: the first three runs 92, 94, 98; beside the reference HEAD made 97, as the reference did.
    const v = performanceVerdict(94, beside([96, 97, 97, 93, 98, 96, 97], [95, 93, 99, 100, 96, 98, 97]));
    expect(v).toMatchObject({ met: true, gap: '' });
    expect(v.note).toContain('beside the reference HEAD makes 97');
    expect(performanceVerdict(94, beside([94, 93, 95, 92, 94], [97, 96, 98, 99, 97])).met).toBe(false);
  });
  it('on a machine that scores the reference under 95, lets HEAD trail it by the tolerance and no more', () => {
    expect(performanceVerdict(80, beside([80, 82, 78], [81, 76, 84])).met).toBe(true);
    const behind = performanceVerdict(70, beside([70, 72, 69], [81, 80, 83]));
    expect(behind.met).toBe(false);
    expect(behind.gap).toBe('HEAD 70 trails the reference 81 by more than 5');
  });
  it('never passes a run whose reference could not be measured', () => {
    expect(performanceVerdict(80, beside([80], [])).met).toBeNull();
    expect(performanceVerdict(null, undefined).met).toBeNull();
  });
  it('keeps accessibility, SEO and best practices absolute in the budget line', () => {
    const weak = lh(80);
    weak.scores.seo = 92;
    const check = (relative?: RelativeLighthouse[]) =>
      budgets(report({ lighthouse: [weak], relative })).find((c) => c.id === '2.lh')!;
    expect(check().met).toBe(false);
    const withRef = check([beside([80, 81, 79], [80, 78, 82])]);
    expect(withRef.met).toBe(false);
    expect(withRef.gap).toBe('seo 92 < 100');
    weak.scores.seo = 100;
    expect(check([beside([80, 81, 79], [80, 78, 82])]).met).toBe(true);
  });
});

describe('bench: issue 19 serving targets', () => {
  it('holds cached documents to 80 % of the limit and p99 ≤ 20 ms with browser headers only', () => {
    const r = report({
      api: [
        api([
          group('home (document + 0 API calls)', 'page', 'browser', figures(850, 19), 1000),
          group('store page (document + 0 API calls)', 'page', 'browser', figures(900, 21), 1000),
          group('home (document + 0 API calls)', 'page', 'identity', figures(500, 30), 1000),
          group('framework chunk', 'asset', 'browser', figures(790, 90), 1000),
        ]),
      ],
    });
    const serve = targets(r).filter((c) => c.id === '19.serve');
    expect(serve.map((c) => [c.what.split(':')[0], c.met])).toEqual([
      ['demo / home (document + 0 API calls) / browser Accept-Encoding', true],
      ['demo / store page (document + 0 API calls) / browser Accept-Encoding', false],
      ['demo / framework chunk / browser Accept-Encoding', false],
    ]);
    expect(serve[2]!.gap).toBe('79 % of the limit < 80 %');
  });
});

describe('bench: issue 17 memory and tail latency', () => {
  const MB = 2 ** 20;
  const mem = (database: 'PGlite' | 'PostgreSQL', peakMb: number) => ({
    dataset: database === 'PGlite' ? 'demo' : 'demo (PostgreSQL)',
    database,
    peakRssDuringLoad: peakMb * MB,
    vmHwm: null,
    breakdown: null,
  });
  it('holds each database to its own RSS goal: 300 MB on PGlite, 256 MB on PostgreSQL', () => {
    const rss = scaleChecks(report({ memory: [mem('PGlite', 299), mem('PostgreSQL', 257)] })).filter(
      (c) => c.id === '17.rss',
    );
    expect(rss.map((c) => c.met)).toEqual([true, false]);
    expect(rss[1]!.gap).toBe('1 MB over');
  });
  it('says PostgreSQL and three instances were not measured without DATABASE_URL, never met', () => {
    const checks = scaleChecks(report({ memory: [mem('PGlite', 250)] }));
    const pg = checks.find((c) => c.id === '17.rss' && c.what.includes('PostgreSQL'))!;
    expect(pg.met).toBeNull();
    expect(pg.measured).toContain('DATABASE_URL');
    expect(checks.find((c) => c.id === '17.three')!.met).toBeNull();
  });
  it('checks the demo home document in both codings against 80 % of the limit and p99 20 ms', () => {
    const r = report({
      api: [
        api([
          group('home (document + 0 API calls)', 'page', 'browser', figures(850, 20), 1000),
          group('home (document + 0 API calls)', 'page', 'identity', figures(900, 21), 1000),
        ]),
      ],
    });
    const doc = scaleChecks(r).filter((c) => c.id === '17.doc');
    expect(doc.map((c) => c.met)).toEqual([true, false]);
    expect(doc[1]!.gap).toBe('p99 21 ms > 20 ms');
  });
  it('reports three instances beside one, failing on errors', () => {
    const one = figures(1000, 5);
    const per = [figures(400, 9), figures(400, 9), figures(380, 12, 2)];
    const r = report({
      instances: {
        path: '/',
        host: 'one.localhost',
        one,
        three: { reqPerSec: 1180, p99: 12, errors: 2, perInstance: per },
        scale: 1.18,
      },
    });
    const three = scaleChecks(r).find((c) => c.id === '17.three')!;
    expect(three.met).toBe(false);
    expect(three.measured).toContain('×1.18');
  });
});
