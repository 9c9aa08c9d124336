import type { ApiResult, GroupResult } from './api';
import { BROWSER_ACCEPT_ENCODING } from './encoding';
import { kb, pct, table } from './md';
import type { Report } from './bench';

// bench/report.md: the scripts each home fetches, and the load tests (browser Accept-Encoding beside none).

const fileOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

export function scriptsSection(r: Report): string[] {
  const out = ['## Scripts each home fetches before idle', ''];
  if (!r.scripts) return [...out, 'Not measured (see above).', ''];
  out.push(
    'A first visit (empty cache) of each demo home in Debian\'s Chromium at Lighthouse\'s phone viewport, until `<html data-app="ready">` ' +
      'and then no request in flight for 1 s: every script of the visit, as transferred (body in the coding the server chose + response headers, ' +
      "Lighthouse's transfer size). The Accept-Encoding column is what Chromium itself sent over plain http.",
    '',
  );
  out.push(
    table(
      ['home', 'scripts', 'transferred KB', 'body KB', 'codings', 'Accept-Encoding sent', 'hydrated'],
      r.scripts.map((h) => [
        h.url,
        h.scripts.length,
        kb(h.transferBytes),
        kb(h.bodyBytes),
        [...new Set(h.scripts.map((s) => s.coding))].join(', ') || '–',
        h.acceptEncoding.join(' / ') || '–',
        h.ready ? 'yes' : 'no',
      ]),
    ),
    '',
  );
  const files = new Map<string, { coding: string; bytes: number; homes: string[] }>();
  for (const h of r.scripts) {
    for (const s of h.scripts) {
      const f = files.get(fileOf(s.url)) ?? { coding: s.coding, bytes: s.transferBytes, homes: [] };
      f.homes.push(h.host);
      files.set(fileOf(s.url), f);
    }
  }
  out.push(
    'Each script and the homes that fetched it:',
    '',
    table(
      ['script', 'coding', 'transferred KB', 'homes'],
      [...files]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([file, f]) => [
          file,
          f.coding,
          kb(f.bytes),
          f.homes.length === r.scripts!.length ? 'all' : f.homes.join(', '),
        ]),
    ),
    '',
  );
  const failed = r.scripts.filter((h) => h.failed.length);
  if (failed.length)
    out.push('Requests that failed:', '', ...failed.map((h) => `- ${h.host}: ${h.failed.join('; ')}`), '');
  return out;
}

const errorsOf = (g: GroupResult) => g.server.errors + g.server.non2xx;

function pairs(a: ApiResult): string[] {
  const rows = new Map<string, { browser?: GroupResult; identity?: GroupResult }>();
  for (const g of a.groups.filter((x) => x.kind !== 'visit'))
    rows.set(g.name, { ...rows.get(g.name), [g.encoding]: g });
  const cells = (g: GroupResult | undefined) =>
    g
      ? [
          Math.round(g.server.reqPerSec),
          g.server.p99,
          g.limit ? Math.round(g.limit.reqPerSec) : '–',
          g.limit ? g.limit.p99 : '–',
          pct(g.ratio),
          `${errorsOf(g)} / ${g.server.timeouts}`,
        ]
      : ['–', '–', '–', '–', '–', '–'];
  return [
    table(
      [
        'calls',
        'req/s',
        'p99 ms',
        'limit req/s',
        'limit p99',
        'ratio',
        'errors / timeouts',
        '·',
        'req/s',
        'p99 ms',
        'limit req/s',
        'limit p99',
        'ratio',
        'errors / timeouts',
      ],
      [
        ['', `**${BROWSER_ACCEPT_ENCODING}**`, '', '', '', '', '', '·', '**no Accept-Encoding**', '', '', '', '', ''],
        ...[...rows].map(([name, g]) => [name, ...cells(g.browser), '·', ...cells(g.identity)]),
      ],
    ),
  ];
}

function visitRows(a: ApiResult): string[] {
  const g = a.groups.find((x) => x.kind === 'visit');
  if (!g || !a.visit) return [];
  const v = a.visit;
  const n = Math.max(g.paths.length, 1);
  const bytes = Object.values(v.byType).reduce((s, t) => s + t.bytes, 0);
  return [
    `First visit as a whole: each simulated shopper makes the ${g.paths.length} same-origin requests of one first visit of the ${v.page} ` +
      `(recorded in Chromium until idle: ${Object.entries(v.byType)
        .map(([t, c]) => `${c.count} ${t}`)
        .join(', ')}; ${kb(bytes)} KB as Chromium received it), ` +
      `with \`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\`; shoppers/s = req/s ÷ ${g.paths.length}.`,
    '',
    table(
      ['', 'req/s', 'shoppers/s', 'p50 ms', 'p99 ms', 'MB/s', 'errors / timeouts'],
      [
        [
          'server',
          Math.round(g.server.reqPerSec),
          Math.round(g.server.reqPerSec / n),
          g.server.p50,
          g.server.p99,
          (g.server.bytesPerSec / 2 ** 20).toFixed(1),
          `${errorsOf(g)} / ${g.server.timeouts}`,
        ],
        ...(g.limit
          ? [
              [
                'bare-Fastify limit',
                Math.round(g.limit.reqPerSec),
                Math.round(g.limit.reqPerSec / n),
                g.limit.p50,
                g.limit.p99,
                (g.limit.bytesPerSec / 2 ** 20).toFixed(1),
                `${g.limit.errors + g.limit.non2xx} / ${g.limit.timeouts}`,
              ],
            ]
          : []),
        ['ratio', pct(g.ratio), '', '', '', '', ''],
      ],
    ),
    '',
    ...(v.left.length ? [`Left out of the replay: ${v.left.join(', ')}.`, ''] : []),
  ];
}

export function loadSection(r: Report): string[] {
  const out = ['## Documents, API and assets under load', ''];
  if (!r.api.length) return [...out, 'Not measured (see above).', ''];
  out.push(
    `Every row is measured twice: as browsers ask (\`Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}\`) and with no Accept-Encoding (the identity ` +
      'path no browser takes). The limit is a bare Fastify route in its own process answering the same bytes from memory in the coding the ' +
      "request asks for (br preferred, else gzip, else identity): the server's own bytes for documents and API answers, recorded per coding before " +
      "the load, and the build's `.br`/`.gz` copies for built assets (compressed once at its start when a copy is missing).",
    '',
  );
  for (const a of r.api) {
    out.push(
      `### ${a.dataset === 'demo' ? 'Demo data' : 'Large catalogue'} (tenant one.localhost; store \`${a.targets.storeSlug}\`, search \`${a.targets.term}\`)`,
      '',
    );
    out.push(...pairs(a), '', ...visitRows(a));
    out.push(
      'Paths replayed (autocannon cycles through them on each connection):',
      '',
      ...a.groups
        .filter((g) => g.encoding === 'browser')
        .map((g) => `- ${g.name}: ${g.paths.map((p) => `\`${p}\``).join(', ')}`),
      '',
    );
    out.push(
      "What each path is sent as to a browser's Accept-Encoding (server, then the limit):",
      '',
      table(
        [
          'path',
          'identity KB',
          'server coding',
          'server KB',
          'x-cache',
          'limit coding',
          'limit KB',
          'limit bytes from',
        ],
        a.served.map((s) => [
          `\`${s.path}\``,
          kb(s.identityBytes),
          s.server.coding,
          kb(s.server.bytes),
          s.server.xCache ?? '–',
          s.reference?.coding ?? '–',
          s.reference ? kb(s.reference.bytes) : '–',
          s.reference?.source ?? '–',
        ]),
      ),
      '',
    );
    out.push(
      "Each path alone, unloaded, with a browser's Accept-Encoding (one connection, median of 10 sequential requests after one warm-up):",
      '',
      table(
        ['path', 'median ms', 'coding', 'bytes'],
        a.unloaded.map((u) => [`\`${u.path}\``, u.medianMs.toFixed(1), u.coding, u.bytes]),
      ),
      '',
    );
    if (a.errors.length) out.push('Problems:', '', ...a.errors.map((e) => `- ${e}`), '');
  }
  return out;
}
