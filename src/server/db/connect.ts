import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { preparedReads } from './pglite-prepared';

/** The one query interface the repositories use; PGlite and PostgreSQL both sit behind it. */
export interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  /** pg-boss's `db.executeSql` adapter: without values the text may hold several statements (its locked migrations). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres://… — when absent, PGlite under dataDir/pglite. */
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** PostgreSQL only: the schema to create and put first on search_path (tests use one per file). */
  schema?: string;
  /** PGlite only: start a new data directory from this dump (dumpDataDir) instead of running initdb. */
  loadDataDir?: Blob;
}

/** Raised when the database cannot be reached; the API answers 503. */
export class DbUnavailableError extends Error {
  override name = 'DbUnavailableError';
  constructor(cause: unknown) {
    super('The database is unavailable; please try again shortly.', { cause });
  }
}

// Connection-level failures: errno of the socket, SQLSTATE class 08 (connection exception), 57P01-57P03 (admin
// shutdown, crash shutdown, cannot connect now: PostgreSQL stopping, restarting or starting up), 53300 (too many
// connections), and the messages pg and pg-pool raise without a code.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGE =
  /PGlite is clos(ed|ing)|Client was closed|Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Query read timeout|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery mode)/i;

/** True when `err` says the database cannot be reached (as opposed to an SQL error of this request). */
export function isDbUnavailable(err: unknown): boolean {
  if (err instanceof DbUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (err instanceof AggregateError) return err.errors.some(isDbUnavailable);
  return UNAVAILABLE_MESSAGE.test(err.message);
}

// Connection-level failures become DbUnavailableError; SQL errors pass through unchanged.
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw isDbUnavailable(err) && !(err instanceof DbUnavailableError) ? new DbUnavailableError(err) : err;
  }
}

export const SAFE_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export async function connectDb(opts: ConnectOptions = {}): Promise<Db> {
  return opts.databaseUrl
    ? connectPostgres(opts.databaseUrl, opts.schema)
    : connectPglite(opts.dataDir ?? 'data', opts.loadDataDir);
}

/** Beside the PGlite directory: the id of the process that has it open. */
export const PGLITE_LOCK = 'pglite.lock';

/** Raised when another live process (a running server) has the PGlite directory open. */
export class PgliteInUseError extends Error {
  override name = 'PgliteInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `${dataDir} is open in process ${pid} (a running server?): PGlite admits one process per data directory. ` +
        'Stop that process first, or use DATABASE_URL.',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes dataDir's PGlite lock for this process, or throws PgliteInUseError when another live process holds it. Two
 * PGlite instances on one directory do not see each other's buffers and overwrite each other's pages and WAL, so a CLI
 * (experiments:report, digest, layouts:publish…) must not open the directory of a running server. A lock left by a
 * process that died is taken over. Returns the release.
 */
async function lockPglite(dataDir: string): Promise<() => void> {
  const file = path.join(dataDir, PGLITE_LOCK);
  const mine = String(process.pid);
  for (;;) {
    try {
      await writeFile(file, mine, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    // This process already holds it (opened, closed without releasing, opened again): nothing to take.
    if (holder === process.pid) return () => undefined;
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new PgliteInUseError(dataDir, holder);
    await unlink(file).catch(() => undefined);
  }
}

async function connectPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const release = await lockPglite(dataDir);
  // shared_buffers 16MB instead of 128MB: the WASM heap touches all of it (~120 MB of RSS); the OS page cache and the
  // response cache keep reads fast anyway.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  let lite: PGlite;
  try {
    lite = await PGlite.create({
      dataDir: dir,
      extensions: { pg_trgm },
      startParams,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  let closed = false;
  // Reads outside transactions are prepared once (pglite-prepared.ts, issue 27).
  const reads = preparedReads(lite);
  const q: Queryable = {
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      guard(async () =>
        reads.handles(sql) ? reads.query<T>(sql, params) : (await lite.query<T>(sql, params as unknown[])).rows,
      ),
  };
  return {
    kind: 'pglite',
    query: (sql, params) => {
      if (closed) return Promise.reject(new DbUnavailableError(new Error('PGlite is closed')));
      return q.query(sql, params);
    },
    executeSql: (text, values) => {
      if (closed) return Promise.reject(new DbUnavailableError(new Error('PGlite is closed')));
      // PGlite runs one statement at a time on its one connection, so pg-boss's polls queue behind the app's queries.
      return guard(async () => {
        if (values?.length) return { rows: (await lite.query(text, values)).rows };
        const results = await lite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      });
    },
    transaction: (fn) =>
      guard(() =>
        lite.transaction((tx) =>
          fn({
            query: async <T>(sql: string, params: readonly unknown[] = []) =>
              (await tx.query<T>(sql, params as unknown[])).rows,
          }),
        ),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await lite.close();
      } finally {
        release();
      }
    },
  };
}

async function connectPostgres(url: string, schema?: string): Promise<Db> {
  if (schema !== undefined && !SAFE_SCHEMA.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    admin.on('error', () => undefined);
    await guard(() => admin.connect());
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A request never waits long for a connection or an answer: PostgreSQL down → 503 within seconds, not a hang.
    connectionTimeoutMillis: 5000,
    query_timeout: 20_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle client's network error (PostgreSQL restarted: 57P01, connection reset) must not crash the process. pg-pool
  // has already dropped that client; the next query opens a new connection, so the pool reconnects by itself.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind: 'postgres',
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      guard(async () => (await pool.query(sql, params as unknown[])).rows as T[]),
    executeSql: (text, values) => guard(async () => pool.query(text, values)),
    transaction: <R>(fn: (tx: Queryable) => Promise<R>) =>
      guard(async () => {
        const client = await pool.connect();
        // A checked-out client has no listener of its own: without this one, PostgreSQL going away between two
        // statements of the transaction would be an unhandled 'error' event, i.e. a crashed process.
        let broken: unknown = null;
        const onError = (err: unknown) => {
          broken = err;
        };
        client.on('error', onError);
        try {
          await client.query('BEGIN');
          const result = await fn({
            query: async <T>(sql: string, params: readonly unknown[] = []) =>
              (await client.query(sql, params as unknown[])).rows as T[],
          });
          await client.query('COMMIT');
          return result;
        } catch (err) {
          if (isDbUnavailable(err)) broken ??= err;
          else
            await client.query('ROLLBACK').catch((e: unknown) => {
              broken ??= e;
            });
          throw err;
        } finally {
          client.removeListener('error', onError);
          // A broken connection leaves the pool (release with an error) instead of serving the next request.
          client.release(broken ? (broken instanceof Error ? broken : new Error(String(broken))) : undefined);
        }
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
