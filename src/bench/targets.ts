import type { Report } from './run';

// Issue 6's budgets (point 2) and targets (point 3), checked against one bench run: met / not met, with the gap.

export interface Check { id: string; what: string; measured: string; met: boolean | null; gap: string }
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const unknown = (id: string, what: string, why: string): Check => ({ id, what, measured: `not measured (${why})`, met: null, gap: '' });

export function budgets(r: Report): Check[] {
  const out: Check[] = [];
  const b = r.bundle;
  if (!b) out.push(unknown('2.js', 'home first-load JS ≤ 100 KB gzip', 'no bundle figures'));
  else {
    const js = b.firstLoadJs.gzip;
    out.push({ id: '2.js', what: 'home first-load JS ≤ 100 KB gzip', measured: kb(js), met: js <= 100 * KB, gap: js > 100 * KB ? `${kb(js - 100 * KB)} over` : '' });
    const worst = b.lazyChunks[0];
    const over = b.lazyChunks.filter((c) => c.gzip > 40 * KB);
    out.push({ id: '2.lazy', what: 'no lazy route chunk over 40 KB gzip', measured: worst ? `largest ${worst.file} ${kb(worst.gzip)}` : 'no lazy chunks', met: over.length === 0, gap: over.map((c) => `${c.file} ${kb(c.gzip - 40 * KB)} over`).join('; ') });
  }
  const homes = r.lighthouse.filter((l) => l.name.startsWith('home '));
  if (!homes.length) out.push(unknown('2.lh', 'Lighthouse on the demo homes', 'no Lighthouse results'));
  const rules: [keyof Report['lighthouse'][number]['scores'], number][] = [['performance', 95], ['accessibility', 95], ['seo', 100], ['best-practices', 95]];
  for (const h of homes) {
    const short = rules.filter(([k, min]) => (h.scores[k] ?? 0) < min).map(([k, min]) => `${k} ${h.scores[k] ?? '–'} < ${min}`);
    out.push({ id: '2.lh', what: `${h.name}: perf ≥ 95, a11y ≥ 95, SEO 100, best practices ≥ 95`, measured: rules.map(([k]) => h.scores[k] ?? '–').join(' / '), met: short.length === 0, gap: short.join('; ') });
    const cls = h.metrics.cls;
    out.push({ id: '2.cls', what: `${h.name}: CLS ≤ 0.02`, measured: cls === null ? '–' : cls.toFixed(3), met: cls === null ? null : cls <= 0.02, gap: cls !== null && cls > 0.02 ? `${(cls - 0.02).toFixed(3)} over` : '' });
  }
  return out;
}

export function targets(r: Report): Check[] {
  const out: Check[] = [];
  for (const l of r.lighthouse) {
    const p = l.scores.performance;
    out.push({ id: '3.perf', what: `${l.name}: performance ≥ 95`, measured: p === null ? '–' : String(p), met: p === null ? null : p >= 95, gap: p !== null && p < 95 ? `${95 - p} points short` : '' });
  }
  const home = r.lighthouse.find((l) => r.floor && l.name === r.floor.page);
  const ours = home?.metrics.lcp ?? null;
  const floor = r.floor?.result.metrics.lcp ?? null;
  if (ours === null || floor === null || floor <= 0) out.push(unknown('3.lcp', 'LCP ≤ 1.2 × the floor', 'no LCP for the page or its floor'));
  else {
    const ratio = ours / floor;
    out.push({ id: '3.lcp', what: `${r.floor!.page}: LCP ≤ 1.2 × the floor`, measured: `${ms(ours)} / ${ms(floor)} = ${ratio.toFixed(2)}×`, met: ratio <= 1.2, gap: ratio > 1.2 ? `${ms(ours - 1.2 * floor)} slower than allowed` : '' });
  }
  for (const api of r.api) {
    for (const g of api.groups) {
      const s = g.server;
      const errs = s.errors + s.non2xx; // autocannon's errors already include timeouts
      const short = [
        g.ratio === null ? 'no limit figure' : g.ratio < 0.6 ? `${Math.round(g.ratio * 100)} % of the limit < 60 %` : '',
        s.p99 > 25 ? `p99 ${s.p99} ms > 25 ms` : '',
        errs > 0 ? `${errs} errors (timeouts included) or non-2xx` : '',
      ].filter(Boolean);
      out.push({ id: '3.api', what: `${api.dataset} / ${g.name}: ≥ 60 % of limit, p99 ≤ 25 ms, 0 errors`, measured: `${g.ratio === null ? '–' : Math.round(g.ratio * 100) + ' %'}, p99 ${s.p99} ms, ${errs} errors`, met: g.ratio === null ? null : short.length === 0, gap: short.join('; ') });
    }
  }
  const search = r.api.find((a) => a.dataset === 'large')?.groups.find((g) => g.name === 'search API only');
  if (!search) out.push(unknown('3.search', 'search on the large catalogue p99 ≤ 50 ms', 'no large-catalogue search run'));
  else out.push({ id: '3.search', what: 'search on the large catalogue: p99 ≤ 50 ms', measured: `p99 ${search.server.p99} ms`, met: search.server.p99 <= 50, gap: search.server.p99 > 50 ? `${search.server.p99 - 50} ms over` : '' });
  for (const m of r.memory) {
    const peak = m.peakRssDuringLoad ?? m.vmHwm ?? 0; // the issue asks for the peak during the load; VmHWM also holds start-up (seeding)
    if (!peak) out.push(unknown('3.rss', `${m.dataset}: server RSS ≤ 300 MB`, 'no memory figures'));
    else out.push({ id: '3.rss', what: `${m.dataset}: server RSS ≤ 300 MB (peak during the load)`, measured: `${(peak / 2 ** 20).toFixed(0)} MB`, met: peak <= 300 * 2 ** 20, gap: peak > 300 * 2 ** 20 ? `${((peak - 300 * 2 ** 20) / 2 ** 20).toFixed(0)} MB over` : '' });
  }
  return out;
}
