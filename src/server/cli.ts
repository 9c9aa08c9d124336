import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerConfig } from './config';
import type { Db } from './db/connect';

// Every `npm run` tool reads its arguments here (issue 26): `--help` prints its usage and exits 0; an unknown option
// or a missing value is one line on stderr and exit 2, never a stack trace. A tool loads its work after this (await
// import), so its help and its refusals answer at once, without loading the database or the renderer. A tool that
// needs a database opens it with toolDatabase: only db:migrate and seed may create one
// (docs/decisions/027-alerts-once-and-tools-that-explain-themselves.md).

export interface CliOption {
  type: 'string' | 'boolean';
  short?: string;
  /** A string option given several times (an array, [] when absent). */
  multiple?: boolean;
  default?: string;
  /** The value's name in the usage, e.g. '<host>'. */
  value?: string;
  help: string;
}

export interface CliSpec<O extends Record<string, CliOption>> {
  /** The npm script: `npm run <name>`. */
  name: string;
  /** What follows `npm run <name> --` in the usage line. */
  usage?: string;
  /** What the tool does. */
  about: string;
  options?: O;
  /** The positional arguments' name in the usage (e.g. '[FILE…]'); absent: the tool takes none. */
  positionals?: string;
  /** Which database it uses (the help says so): none, one that exists, or one it may create. */
  database?: 'existing' | 'create';
  /** Environment variables it reads, one line each. */
  env?: readonly string[];
}

type Values<O extends Record<string, CliOption>> = {
  [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['multiple'] extends true
      ? string[]
      : O[K]['default'] extends string
        ? string
        : string | undefined;
};

export interface Parsed<O extends Record<string, CliOption>> {
  values: Values<O>;
  positionals: string[];
}

/** One line on stderr, then exit (2: the tool was asked something it cannot do). */
export function fail(name: string, message: string, code = 2): never {
  console.error(`${name}: ${message}`);
  process.exit(code);
}

/** The arguments, checked against the spec; --help and refusals end the process here. */
export function parseCli<const O extends Record<string, CliOption> = Record<never, CliOption>>(
  spec: CliSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): Parsed<O> {
  const declared = Object.entries(spec.options ?? {}) as [string, CliOption][];
  const options = Object.fromEntries([
    ...declared.map(([key, o]) => [
      key,
      {
        type: o.type,
        ...(o.short ? { short: o.short } : {}),
        ...(o.multiple ? { multiple: true } : {}),
        ...(o.type === 'boolean' ? { default: false } : o.multiple ? { default: [] } : {}),
        ...(o.default !== undefined ? { default: o.default } : {}),
      },
    ]),
    ['help', { type: 'boolean', short: 'h', default: false }],
  ]) as Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: spec.positionals !== undefined });
  } catch (err) {
    fail(spec.name, `${refusal(err)} (npm run ${spec.name} -- --help)`);
  }
  if (parsed.values.help) {
    console.log(helpText(spec));
    process.exit(0);
  }
  delete parsed.values.help;
  return { values: parsed.values as Values<O>, positionals: parsed.positionals };
}

/** parseArgs's complaint in a few words. */
function refusal(err: unknown): string {
  const { code, message } = err as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(message ?? '')?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted ?? ''}`.trim();
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument '${quoted ?? ''}'`;
  const first = (message ?? String(err)).split(/\.\s/)[0] ?? '';
  return first.charAt(0).toLowerCase() + first.slice(1);
}

export function helpText<O extends Record<string, CliOption>>(spec: CliSpec<O>): string {
  const rows: [string, string][] = (Object.entries(spec.options ?? {}) as [string, CliOption][]).map(([key, o]) => [
    `${o.short ? `-${o.short}, ` : ''}--${key}${o.type === 'string' ? ` ${o.value ?? '<value>'}` : ''}`,
    `${o.help}${o.default !== undefined ? ` (default ${o.default})` : ''}`,
  ]);
  rows.push(['-h, --help', 'print this help and exit']);
  const width = Math.max(...rows.map(([left]) => left.length));
  const usage = spec.usage ?? [...rows.slice(0, -1).map(([left]) => `[${left}]`), spec.positionals ?? ''].join(' ');
  const env = [...(spec.env ?? [])];
  if (spec.database === 'existing')
    env.unshift(
      'DATABASE_URL, else the PGlite database in DATA_DIR (default ./data): it must exist (npm run db:migrate makes one)',
    );
  if (spec.database === 'create')
    env.unshift('DATABASE_URL, else the PGlite database in DATA_DIR (default ./data), created there when missing');
  return [
    `Usage: npm run ${spec.name}${usage.trim() ? ` -- ${usage.trim()}` : ''}`,
    '',
    spec.about,
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    ...(env.length ? ['', 'Environment:', ...env.map((line) => `  ${line}`)] : []),
  ].join('\n');
}

/** True when DATA_DIR holds a PGlite database (what initdb leaves: PG_VERSION). */
export function hasPglite(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/** Where the tool looks: DATABASE_URL without its password, or the DATA_DIR. */
export function databasePlace(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `DATA_DIR (${config.dataDir})`;
  try {
    const url = new URL(config.databaseUrl);
    url.password = '';
    return `DATABASE_URL (${url.toString()})`;
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

const messageOf = (err: unknown): string => {
  const cause = (err as { cause?: unknown }).cause;
  const e = cause instanceof Error ? cause : err;
  return e instanceof Error ? e.message : String(e);
};

/** The line a tool that needs a database prints when there is none to open (null: there may be one). */
export function missingDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string | null {
  if (config.databaseUrl || hasPglite(config.dataDir)) return null;
  return (
    `no database: DATABASE_URL is not set and ${databasePlace(config)} holds no PGlite database; point DATA_DIR or ` +
    'DATABASE_URL at one (npm run db:migrate creates one)'
  );
}

/**
 * The database the tool is pointed at: DATABASE_URL, else the PGlite of DATA_DIR. It must exist (for PostgreSQL: have
 * been migrated once) unless `create`; otherwise one line names what was looked for and the process exits 2, having
 * created nothing. `inUse`: a line added when a running server holds the PGlite directory.
 */
export async function toolDatabase(
  name: string,
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  opts: { create?: boolean; inUse?: string } = {},
): Promise<{ db: Db; created: boolean }> {
  const place = databasePlace(config);
  const created = !config.databaseUrl && !hasPglite(config.dataDir);
  if (created && !opts.create) fail(name, missingDatabase(config)!);
  const { connectDb, PgliteInUseError } = await import('./db/connect');
  let db: Db;
  try {
    db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof PgliteInUseError) fail(name, `${err.message}${opts.inUse ? `\n${opts.inUse}` : ''}`);
    fail(name, `cannot open ${place}: ${messageOf(err)}`);
  }
  if (!config.databaseUrl) return { db, created };
  let migrated: boolean;
  try {
    const rows = await db.query<{ t: string | null }>("SELECT to_regclass('schema_migrations')::text AS t");
    migrated = Boolean(rows[0]?.t);
  } catch (err) {
    await db.close();
    fail(name, `cannot reach ${place}: ${messageOf(err)}`);
  }
  if (!migrated && !opts.create) {
    await db.close();
    fail(name, `${place} holds no Dealdeck database yet (no schema_migrations); npm run db:migrate makes one there`);
  }
  return { db, created };
}
