import { parse, protocol, type PGlite } from '@electric-sql/pglite';

// PGlite parses and plans every statement it is sent (its query() is the extended protocol with an unnamed
// statement: Parse, Describe, Bind, Describe, Execute, Sync, six trips into the WASM). A page's reads are the same few
// statement texts with other parameters, and planning one of them costs more than running it (the search page's
// coupons: ~1.2 ms to plan, ~0.6 ms to run; issue 27, docs/miss-path.md). So a read is prepared once under a name,
// the way node-postgres does with `name:`, and each later call is one trip: Bind, Describe, Execute, Sync. Writes and
// everything inside a transaction keep PGlite's own query(): its durability (syncToFs after a write) and error
// wrapping are unchanged.

/** Statements that only read: prepared. Anything that may write (a data-modifying CTE, a sequence) is not. */
const READ = /^\s*(SELECT|WITH)\b/i;
const MAY_WRITE = /\b(INSERT|UPDATE|DELETE|MERGE|nextval|setval|pg_notify)\b/i;
/** Distinct texts kept prepared (the app has a few dozen); past this, new texts run unprepared. */
export const MAX_PREPARED = 256;
/** Postgres refuses a kept plan whose columns changed (a migration in a running process): prepared again. */
const STALE_PLAN = /cached plan must not change result type/;

interface Statement {
  name: string;
  /** The parameters' type OIDs, as Postgres inferred them (their serialisers). */
  paramTypes: number[];
}

/** Statement names are the session's: one counter for the process, so two PreparedReads on one PGlite never clash. */
let named = 0;

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export interface PreparedReads {
  /** True when `sql` is run as a prepared read (a read, and room for one more statement or already prepared). */
  handles(sql: string): boolean;
  query<T>(sql: string, params: readonly unknown[]): Promise<T[]>;
  /** How many statements are prepared (tests). */
  readonly size: number;
}

export function preparedReads(lite: PGlite): PreparedReads {
  const statements = new Map<string, Statement>();
  const { serialize } = protocol;

  async function prepare(sql: string): Promise<Statement> {
    const name = `dd_read_${++named}`;
    const messages = await lite.execProtocolStream(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const described = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, paramTypes: described?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    return statement;
  }

  async function run<T>(statement: Statement, params: readonly unknown[]): Promise<T[]> {
    // As PGlite's query(): null stays null, a type with a serialiser is serialised, anything else is its string.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = lite.serializers[statement.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await lite.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return (parse.parseResults(messages, lite.parsers)[0]?.rows ?? []) as T[];
  }

  // Whether a text only reads, asked once per text: the two patterns over a long statement, on every query, were ~0.5 %
  // of the miss path's main thread.
  const readOnly = new Map<string, boolean>();
  const onlyReads = (sql: string): boolean => {
    let known = readOnly.get(sql);
    if (known === undefined) {
      known = READ.test(sql) && !MAY_WRITE.test(sql);
      if (readOnly.size < 4 * MAX_PREPARED) readOnly.set(sql, known);
    }
    return known;
  };

  return {
    handles: (sql) => onlyReads(sql) && (statements.has(sql) || statements.size < MAX_PREPARED),
    // The same two locks as PGlite's query(): no statement runs inside another's transaction or between its trips.
    query: async <T>(sql: string, params: readonly unknown[]) => {
      await lite._checkReady();
      return lite._runExclusiveTransaction(() =>
        lite._runExclusiveQuery(async () => {
          const statement = statements.get(sql) ?? (await prepare(sql));
          try {
            return await run<T>(statement, params);
          } catch (err) {
            if (!STALE_PLAN.test((err as Error).message)) throw err;
            await lite.execProtocolStream(
              concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
              { syncToFs: false },
            );
            statements.delete(sql);
            return run<T>(await prepare(sql), params);
          }
        }),
      );
    },
    get size() {
      return statements.size;
    },
  };
}
