import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CategoryCount } from '../shared/contract/entities';
import { categoriesPath } from '../shared/contract/queries/categories';
import { OFFER_SORTS, OFFER_TYPES } from '../shared/contract/values';
import { requestHeaders } from './encoding';
import type { LoadFigures } from './load';
import { load } from './load';

// Issue 27 point 5: the miss path. Store, category, search and filtered store documents at addresses never asked
// before (each a cache miss), as a browser asks (br), 10 connections; beside each, React's own rendering of the same
// page tree with its data in hand (the floor). Then the attack: one client asking for new addresses on 20
// connections while a second tenant's cached home is measured.

export interface MissLoad extends LoadFigures {
  /** How many addresses the run used (each asked once). */
  asked: number;
}
export interface MissPage {
  page: string;
  load: MissLoad;
  /** renderPage of one of these pages with every answer inlined, per second on one thread; null if not measured. */
  floorPerSec: number | null;
}
export interface MissAttack {
  victim: string;
  alone: LoadFigures;
  during: LoadFigures;
  attacker: MissLoad;
}

const CONNECTIONS = 10;
const ATTACK_CONNECTIONS = 20;
const HERE = path.dirname(fileURLToPath(import.meta.url));

function runChild<T>(script: string, input: unknown, file: string, seconds: number, env: NodeJS.ProcessEnv = {}) {
  return writeFile(file, JSON.stringify(input)).then(
    () =>
      new Promise<T>((resolve, reject) => {
        execFile(
          process.execPath,
          [path.join(HERE, script), script === 'load-child.mjs' ? `@${file}` : file],
          { timeout: (seconds + 90) * 1000, maxBuffer: 16 << 20, env: { ...process.env, ...env } },
          (err, stdout, stderr) => {
            if (err) return reject(new Error(`${script} failed: ${err.message}\n${stderr.slice(-1000)}`));
            try {
              resolve(JSON.parse(stdout) as T);
            } catch {
              reject(new Error(`${script} printed no figures: ${stdout.slice(0, 300)} ${stderr.slice(-500)}`));
            }
          },
        );
      }),
  );
}

function getText(port: number, host: string, urlPath: string, accept = 'application/json'): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers: { host, accept } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
  });
}

/** A deterministic shuffle (the same addresses in the same order on every run). */
function shuffled<T>(list: T[]): T[] {
  const out = [...list];
  let seed = 27;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const WORDS = ['shoe', 'bag', 'tech', 'home', 'garden', 'book', 'travel', 'food', 'toy', 'coffee', 'pet', 'gift'];

/** Never-asked addresses of each page kind, from the tenant's active stores (a paused one's page is a 404) and its categories. */
export async function missPaths(port: number, host: string, count: number): Promise<Record<string, string[]>> {
  const stores = (
    JSON.parse(await getText(port, host, '/api/end-user/store/getActiveStoresBasedOnDomain?page=1&per_page=100')) as {
      data: { slug: string }[];
    }
  ).data.map((s) => s.slug);
  const categories = (JSON.parse(await getText(port, host, categoriesPath)) as { data: CategoryCount[] }).data.map(
    (c) => c.category,
  );
  if (!stores.length || !categories.length) throw new Error('the tenant lists no stores or no categories');
  const pages = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const enough = (list: string[]) => shuffled(list).slice(0, count);
  const store = enough(
    stores.flatMap((s) =>
      pages(Math.ceil(count / stores.length)).map((p) => `/store/${s}${p > 1 ? `?page=${p}` : ''}`),
    ),
  );
  const category = enough(
    categories.flatMap((c) =>
      pages(Math.ceil(count / categories.length)).map(
        (p) => `/category/${encodeURIComponent(c)}${p > 1 ? `?page=${p}` : ''}`,
      ),
    ),
  );
  const filters = OFFER_TYPES.flatMap((type) =>
    OFFER_SORTS.flatMap((sort) => ['', '&verified=1'].map((v) => `type=${type}&sort=${sort}${v}`)),
  );
  const filtered = enough(
    stores.flatMap((s) =>
      filters.flatMap((f) =>
        pages(Math.ceil(count / (stores.length * filters.length))).map((p) => `/store/${s}?${f}&page=${p}`),
      ),
    ),
  );
  const search = Array.from({ length: count }, (_, i) => `/searchpage?q=${WORDS[i % WORDS.length]}${i}`);
  return { 'store page': store, 'category page': category, 'search page': search, 'filtered store page': filtered };
}

/** The bootstrap a served document carries (every answer it was drawn with). */
async function bootstrapOf(port: number, host: string, urlPath: string): Promise<unknown> {
  const html = await getText(port, host, urlPath, 'text/html');
  const m = /<script type="application\/json" id="dealdeck-bootstrap">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error(`${urlPath}: no bootstrap in the document`);
  return JSON.parse(m[1]!);
}

export async function measureMisses(opts: {
  port: number;
  host: string;
  seconds: number;
  workDir: string;
  ssrFile: string;
  log: (m: string) => void;
}): Promise<MissPage[]> {
  const { port, host, seconds, workDir, log } = opts;
  // More addresses than the fastest run could use: none is asked twice.
  const all = await missPaths(port, host, Math.max(4000, seconds * 600));
  const out: MissPage[] = [];
  for (const [page, paths] of Object.entries(all)) {
    const figures = await runChild<MissLoad>(
      'load-child.mjs',
      {
        port,
        host,
        seconds,
        warmup: 0,
        connections: CONNECTIONS,
        headers: requestHeaders('browser'),
        paths,
        unique: true,
      },
      path.join(workDir, `misses-${page.replace(/\s+/g, '-')}.json`),
      seconds,
    );
    if (figures.asked > paths.length) log(`  ${page}: ${figures.asked} requests for ${paths.length} addresses`);
    // The floor: one address of the kind the run did not reach, drawn once by the server to get its answers.
    const sample = paths[paths.length - 1]!;
    const floor = await runChild<{ perSec: number; complete: boolean }>(
      'floor-render-child.mjs',
      { ssrFile: opts.ssrFile, url: sample, bootstrap: await bootstrapOf(port, host, sample), seconds: 3 },
      path.join(workDir, `floor-${page.replace(/\s+/g, '-')}.json`),
      3,
      { NODE_ENV: 'production' },
    ).catch((err: Error) => {
      log(`  ${page}: the floor could not be measured: ${err.message.slice(0, 300)}`);
      return null;
    });
    const floorPerSec = floor && floor.complete ? floor.perSec : null;
    out.push({ page, load: figures, floorPerSec });
    log(
      `  ${page}: ${Math.round(figures.reqPerSec)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
        `${figures.non2xx} not 2xx; floor ${floorPerSec === null ? '–' : `${Math.round(floorPerSec)}/s`}`,
    );
  }
  return out;
}

/**
 * One client asking for new search pages (and unknown parameters) on 20 connections, with the miss budget in force,
 * while a second tenant's cached home is loaded on 10: its throughput and p99 beside the same load alone.
 */
export async function measureAttack(opts: {
  port: number;
  attacked: string;
  victim: string;
  seconds: number;
  workDir: string;
}): Promise<MissAttack> {
  const { port, attacked, victim, seconds, workDir } = opts;
  const headers = requestHeaders('browser');
  const home = () => load(port, ['/'], victim, seconds, 2, 'browser', CONNECTIONS);
  const alone = await home();
  const paths = Array.from(
    { length: seconds * 20_000 },
    (_, i) => `/searchpage?q=${WORDS[i % WORDS.length]}${i}&utm_x=${(i * 7919) % 100_003}`,
  );
  const [attacker, during] = await Promise.all([
    runChild<MissLoad>(
      'load-child.mjs',
      {
        port,
        host: attacked,
        seconds: seconds + 4,
        warmup: 0,
        connections: ATTACK_CONNECTIONS,
        headers,
        paths,
        unique: true,
      },
      path.join(workDir, 'misses-attack.json'),
      seconds + 4,
    ),
    // The victim's load starts once the attack is under way (its own warm-up is the first 2 s of the attack).
    new Promise((r) => setTimeout(r, 2000)).then(home),
  ]);
  return { victim, alone, during, attacker };
}
