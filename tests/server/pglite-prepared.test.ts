import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED, preparedReads, type PreparedReads } from '../../src/server/db/pglite-prepared';
import { nextTurn } from '../helpers/wait';

// Issue 27: PGlite reads are prepared once and then run in one trip. They must answer exactly what PGlite's own query()
// answers (types, nulls, errors), never run inside another caller's transaction, and leave writes alone.

describe('prepared reads on PGlite', () => {
  let lite: PGlite;
  let reads: PreparedReads;
  beforeAll(async () => {
    lite = await PGlite.create();
    await lite.exec(`
      CREATE TABLE t (id int PRIMARY KEY, name text, at timestamptz, tags text[], doc jsonb, ok boolean, n bigint);
      INSERT INTO t VALUES
        (1, 'one', '2026-11-28T10:00:00Z', '{a,b}', '{"k": [1, 2]}', true, 9007199254740993),
        (2, NULL, NULL, NULL, NULL, NULL, NULL);
    `);
    reads = preparedReads(lite);
  });
  afterAll(async () => {
    await lite.close();
  });

  it('answers what query() answers, for every type and null, with the parameters typed as Postgres infers them', async () => {
    const sql = 'SELECT * FROM t WHERE id = ANY($1::int[]) AND ($2::text IS NULL OR name = $2) ORDER BY id';
    for (const params of [
      [[1, 2], null],
      [[1], 'one'],
      [[2], 'none'],
    ] as unknown[][]) {
      expect(reads.handles(sql)).toBe(true);
      expect(await reads.query(sql, params)).toEqual((await lite.query(sql, params)).rows);
    }
    const json = 'SELECT $1::jsonb AS doc, $2::timestamptz AS at, $3::boolean AS ok';
    const params = [{ a: [1, { b: null }] }, new Date('2026-01-02T03:04:05Z'), false];
    expect(await reads.query(json, params)).toEqual((await lite.query(json, params)).rows);
  });

  it('prepares each text once, and leaves writes and anything that may write to query()', async () => {
    const before = reads.size;
    const sql = 'SELECT name FROM t WHERE id = $1';
    await reads.query(sql, [1]);
    await reads.query(sql, [2]);
    expect(reads.size).toBe(before + 1);
    for (const write of [
      'INSERT INTO t (id) VALUES ($1)',
      'UPDATE t SET name = $1',
      'WITH d AS (DELETE FROM t WHERE id = $1 RETURNING id) SELECT * FROM d',
      "SELECT nextval('s')",
    ])
      expect(reads.handles(write)).toBe(false);
  });

  it('keeps working after a failed read, with the error as Postgres says it', async () => {
    const sql = 'SELECT id FROM t WHERE id = $1';
    await expect(reads.query(sql, ['not a number'])).rejects.toThrow('invalid input syntax for type integer');
    await expect(reads.query('SELECT nope FROM t', [])).rejects.toThrow('column "nope" does not exist');
    expect(await reads.query(sql, [1])).toEqual([{ id: 1 }]);
  });

  it('prepares again when a table changed under a kept plan', async () => {
    const sql = 'SELECT * FROM t WHERE id = $1';
    expect(Object.keys((await reads.query<object>(sql, [1]))[0]!)).not.toContain('extra');
    await lite.exec('ALTER TABLE t ADD COLUMN extra int DEFAULT 7');
    expect(await reads.query(sql, [1])).toEqual((await lite.query(sql, [1])).rows);
    expect((await reads.query<{ extra: number }>(sql, [1]))[0]!.extra).toBe(7);
  });

  it("never runs inside another caller's transaction", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const inside = new Promise<void>((resolve) => (updated = resolve));
    const tx = lite.transaction(async (t) => {
      await t.query("UPDATE t SET name = 'inside' WHERE id = 1");
      updated();
      await held;
      throw new Error('roll back');
    });
    // Asked while the transaction has its change made and is waiting: the read must wait for it to end, and see the
    // rolled-back value, never 'inside' (run between the transaction's statements, it would).
    await inside;
    let answered = false;
    const read = reads.query<{ name: string }>('SELECT name FROM t WHERE id = $1', [1]).then((rows) => {
      answered = true;
      return rows;
    });
    await nextTurn();
    await nextTurn();
    expect(answered).toBe(false);
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect(await read).toEqual([{ name: 'one' }]);
  });

  it('stops preparing new texts past its limit and still answers them', async () => {
    const fresh = preparedReads(lite);
    for (let i = 0; i < MAX_PREPARED; i++) await fresh.query(`SELECT ${i} AS n`, []);
    expect(fresh.size).toBe(MAX_PREPARED);
    expect(fresh.handles('SELECT 1 AS one, 2 AS two')).toBe(false);
    expect(fresh.handles('SELECT 0 AS n')).toBe(true);
  });
});
