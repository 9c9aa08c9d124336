import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** The one query interface the repositories use; PGlite and PostgreSQL both sit behind it. */
export interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
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

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

function isUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (err instanceof AggregateError) return err.errors.some(isUnavailable);
  return /closed|Connection terminated|Cannot use a pool after calling end/i.test(err.message);
}

// Connection-level failures become DbUnavailableError; SQL errors pass through unchanged.
async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw isUnavailable(err) ? new DbUnavailableError(err) : err;
  }
}

export const SAFE_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export async function connectDb(opts: ConnectOptions = {}): Promise<Db> {
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl, opts.schema) : connectPglite(opts.dataDir ?? 'data', opts.loadDataDir);
}

async function connectPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const lite = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  let closed = false;
  const q: Queryable = {
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      guard(async () => (await lite.query<T>(sql, params as unknown[])).rows),
  };
  return {
    kind: 'pglite',
    query: (sql, params) => {
      if (closed) return Promise.reject(new DbUnavailableError(new Error('PGlite is closed')));
      return q.query(sql, params);
    },
    transaction: (fn) =>
      guard(() => lite.transaction((tx) => fn({ query: async <T>(sql: string, params: readonly unknown[] = []) => (await tx.query<T>(sql, params as unknown[])).rows }))),
    close: async () => {
      if (closed) return;
      closed = true;
      await lite.close();
    },
  };
}

async function connectPostgres(url: string, schema?: string): Promise<Db> {
  if (schema !== undefined && !SAFE_SCHEMA.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
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
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind: 'postgres',
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      guard(async () => (await pool.query(sql, params as unknown[])).rows as T[]),
    transaction: <R>(fn: (tx: Queryable) => Promise<R>) =>
      guard(async () => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn({ query: async <T>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as T[] });
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
