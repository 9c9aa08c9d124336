import { mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../src/server/app';
import { connectDb, type Db } from '../../../src/server/db/connect';
import { migrate } from '../../../src/server/db/migrate';
import { generateDemoData, type DemoData } from '../../../src/server/db/seed/demo';
import { seedDemo } from '../../../src/server/db/seed/seed';
import { dbLayoutsLoader } from '../../../src/server/layouts/db-source';
import { startLayouts, type LayoutState, type Log } from '../../../src/server/layouts/layout-state';
import { fixedTemplate } from '../../../src/server/site/template';
import { serverSecret, shopperIds, shopperSecrets } from '../../../src/server/site/shopper-id';
import { previewGrants } from '../../../src/server/site/preview-grant';
import { tenantIdByHost } from '../../../src/server/db/repositories/admin-users';

// Builds the app in process on a fresh database: PGlite in a temp dir, and PostgreSQL (one schema per file) when DATABASE_URL is set.
export type DbKind = 'pglite' | 'postgres';

const DATABASE_URL = process.env.DATABASE_URL;
export const DATABASES: DbKind[] = DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!DATABASE_URL) {
  console.warn(
    '[server tests] PostgreSQL run SKIPPED: DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test); running on PGlite only.',
  );
}

export const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><!--dealdeck:head--></head>' +
  '<body><div id="root"></div><!--dealdeck:bootstrap--><script type="module" src="/assets/app.js"></script></body></html>';

export const FIXED_NOW = new Date('2026-06-15T12:00:00.000Z');
export const silentLog: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface DbPlace {
  kind: DbKind;
  dataDir: string;
  schema?: string | undefined;
  /** True until the first open: a fresh PGlite starts from the cached empty cluster. */
  fresh: boolean;
}

// initdb is the slow part of a fresh PGlite (seconds); an empty cluster is dumped once per PGlite version and reused.
let templateBlob: Promise<Blob> | undefined;
async function pgliteTemplate(): Promise<Blob> {
  return new Blob([await readFile(await ensurePgliteTemplate())]);
}

/**
 * The dumped empty cluster's file, made when missing. Vitest's global setup makes it in Node before any test file runs:
 * PGlite's initdb cannot run under jsdom (the renderer property test), whose File/Blob lack arrayBuffer().
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const version = (
    JSON.parse(await readFile('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string }
  ).version;
  const file = path.join(tmpdir(), `dealdeck-pglite-empty-${version}.tar`);
  try {
    await stat(file);
    return file;
  } catch {
    const dir = await mkdtemp(path.join(tmpdir(), 'dealdeck-template-'));
    const lite = await PGlite.create({ dataDir: dir });
    const dump = await lite.dumpDataDir('none');
    await lite.close();
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    await rm(dir, { recursive: true, force: true });
    return file;
  }
}

export async function newPlace(kind: DbKind): Promise<DbPlace> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealdeck-test-'));
  const schema = kind === 'postgres' ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : undefined;
  return { kind, dataDir, schema, fresh: true };
}

/**
 * Drops a test's schema on the shared PostgreSQL. Test files run in parallel, each migrating and dropping its own
 * schema, and two CASCADE drops (or a drop and a migration) can still deadlock on the catalog rows they share;
 * PostgreSQL then aborts one of them (40P01), which is safe to run again.
 */
export async function dropSchema(db: Pick<Db, 'query'>, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      return;
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= 5) throw err;
      // A retry's back-off after a deadlock PostgreSQL resolved, not a wait for an event.
      // eslint-disable-next-line no-restricted-syntax
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

export async function openDb(p: DbPlace): Promise<Db> {
  if (p.kind === 'postgres') return connectDb({ databaseUrl: DATABASE_URL, schema: p.schema });
  const loadDataDir = p.fresh ? await (templateBlob ??= pgliteTemplate()) : undefined;
  p.fresh = false;
  return connectDb({ dataDir: p.dataDir, ...(loadDataDir ? { loadDataDir } : {}) });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  data: DemoData;
  place: DbPlace;
  layouts: LayoutState;
  /** Closes the app and database; `keep` leaves the data for a restart. */
  close(keep?: boolean): Promise<void>;
}

export type TestAppOptions = Partial<Omit<AppOptions, 'db' | 'layouts'>> & {
  place?: DbPlace;
  seed?: boolean;
  layoutsDir?: string;
  /** Reload layoutsDir when a file changes, as the server does (off by default). */
  watchLayouts?: boolean;
};

export async function startTestApp(kind: DbKind, opts: TestAppOptions = {}): Promise<TestApp> {
  const place = opts.place ?? (await newPlace(kind));
  const db = await openDb(place);
  await migrate(db);
  const data = generateDemoData({ now: FIXED_NOW });
  if (opts.seed !== false) await seedDemo(db, data);
  const layoutsDir = opts.layoutsDir ?? path.resolve('layouts');
  // LAYOUTS_SOURCE=db: the published set, as served-layouts.ts loads it (the layout studio publishes there).
  const fromDb = opts.layoutsSource === 'db' ? dbLayoutsLoader(db, layoutsDir, () => undefined) : null;
  const layouts = fromDb
    ? await startLayouts(layoutsDir, silentLog, false, { load: fromDb.load })
    : await startLayouts(layoutsDir, silentLog, opts.watchLayouts ?? false);
  const { watchLayouts: _watch, ...appOpts } = opts;
  const app = await buildApp({
    template: fixedTemplate(TEMPLATE),
    clientDir: path.join(place.dataDir, 'no-client-build'),
    ...appOpts,
    // One test is one client asking for many new answers; the miss budget's own test sets its limit (issue 27).
    rateLimits: { misses: { max: 1_000_000, timeWindow: 60_000 }, ...appOpts.rateLimits },
    layoutsDir,
    db,
    layouts,
  });
  await app.ready();
  return {
    app,
    db,
    data,
    place,
    layouts,
    async close(keep = false) {
      layouts.stop();
      await app.close();
      if (!keep && place.schema) await dropSchema(db, place.schema);
      await db.close();
      if (!keep) await rm(place.dataDir, { recursive: true, force: true });
    },
  };
}

export function tenant(data: DemoData, key: string): DemoData['tenants'][number] {
  const t = data.tenants.find((x) => x.key === key);
  if (!t) throw new Error(`no demo tenant ${key}`);
  return t;
}

export interface ApiBody<T> {
  success: boolean;
  message?: string;
  errorMessage?: string;
  data: T;
  [paging: string]: unknown;
}

/** GET as JSON for a tenant host (sent as Host). */
export async function getJson<T = unknown>(
  app: FastifyInstance,
  url: string,
  host = 'one.localhost',
  headers: Record<string, string> = {},
) {
  const res = await app.inject({ method: 'GET', url, headers: { host, ...headers } });
  return { status: res.statusCode, body: res.json<ApiBody<T>>(), headers: res.headers };
}

export async function postJson<T = unknown>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  host = 'one.localhost',
  headers: Record<string, string> = {},
) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: { host, ...headers } });
  return { status: res.statusCode, body: res.json<ApiBody<T>>(), headers: res.headers };
}

/**
 * A shopper's signed id cookie (`dd_id=…`), issued `ageMs` before `now` by the app's own secret (the one kept in the
 * database when the test passes no SHOPPER_ID_SECRETS): what a browser holds after its first page.
 */
export async function shopperCookie(t: Pick<TestApp, 'db'>, now = Date.now(), ageMs = 120_000): Promise<string> {
  const ids = shopperIds(await shopperSecrets(t.db, []));
  return ids.cookie(ids.issue(now - ageMs), false).split(';')[0]!;
}

/** The console's own host (AppOptions.adminHost's default): the only one serving /admin and /api/admin (issue 25). */
export const ADMIN_HOST = 'admin.localhost';

/** The query of an operator's preview (issue 25): ?layout=…&at=…&grant=…, signed with the app's own secret. */
export async function previewQuery(
  t: Pick<TestApp, 'db'>,
  host: string,
  what: { layout?: string; at?: string },
  now = Date.now(),
): Promise<string> {
  const tenant = await tenantIdByHost(t.db, host);
  if (!tenant) throw new Error(`no tenant at ${host}`);
  const grants = previewGrants((await serverSecret(t.db, 'preview-grant', []))[0]!);
  const grant = grants.sign({ tenant, layout: what.layout ?? '', at: what.at ?? '', expires: now + 60_000 });
  const q = new URLSearchParams({
    ...(what.layout ? { layout: what.layout } : {}),
    ...(what.at ? { at: what.at } : {}),
  });
  q.set('grant', grant);
  return `?${q.toString()}`;
}
