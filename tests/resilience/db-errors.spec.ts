import Fastify from 'fastify';
import { expect, test } from '@playwright/test';
import { connectDb, DbUnavailableError, isDbUnavailable } from '../../src/server/db/connect';
import { registerErrorHandling } from '../../src/server/plugins/errors';

// The failures a database restart produces, as pg, pg-pool and PGlite raise them: each is "database unavailable",
// answered 503 with a JSON message and Retry-After; an SQL error of the request is not.

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const UNAVAILABLE: [string, Error][] = [
  ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
  ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
  ['admin shutdown (57P01)', withCode('terminating connection due to administrator command', '57P01')],
  ['cannot connect now (57P03)', withCode('the database system is starting up', '57P03')],
  ['connection exception class 08', withCode('connection failure', '08006')],
  ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
  ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
  ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
  ['pg: query timeout', new Error('Query read timeout')],
  ['pg: client not queryable', new Error('Client has encountered a connection error and is not queryable')],
  ['PGlite closed', new Error('PGlite is closed')],
  [
    'every address refused',
    new AggregateError(
      [
        withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
        withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      ],
      'connect failed',
    ),
  ],
];
const NOT_UNAVAILABLE: [string, Error][] = [
  ['unique violation', withCode('duplicate key value violates unique constraint', '23505')],
  ['syntax error', withCode('syntax error at or near "SELEC"', '42601')],
  ['plain bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
];

test('connection failures are "database unavailable", SQL errors are not', () => {
  for (const [name, err] of UNAVAILABLE) expect(isDbUnavailable(err), name).toBe(true);
  for (const [name, err] of NOT_UNAVAILABLE) expect(isDbUnavailable(err), name).toBe(false);
});

test('the API answers 503 + Retry-After + JSON message for each, wrapped or raw; a bug stays a 500 without Retry-After', async () => {
  const app = Fastify();
  registerErrorHandling(app);
  const all = [...UNAVAILABLE, ...NOT_UNAVAILABLE];
  app.get<{ Params: { i: string; wrap: string } }>('/throw/:wrap/:i', async (req) => {
    const err = all[Number(req.params.i)]![1];
    throw req.params.wrap === 'wrapped' && isDbUnavailable(err) ? new DbUnavailableError(err) : err;
  });
  try {
    for (const wrap of ['wrapped', 'raw']) {
      for (const [i, [name]] of UNAVAILABLE.entries()) {
        const res = await app.inject({ url: `/throw/${wrap}/${i}`, headers: { accept: 'application/json' } });
        expect(res.statusCode, `${name} (${wrap})`).toBe(503);
        expect(res.headers['retry-after'], name).toMatch(/^\d+$/);
        expect(res.json(), name).toEqual({
          success: false,
          message: 'The database is unavailable; please try again shortly.',
        });
      }
    }
    const bug = await app.inject({ url: `/throw/raw/${UNAVAILABLE.length + 2}` });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers['retry-after']).toBeUndefined();
  } finally {
    await app.close();
  }
});

test('PostgreSQL unreachable: queries and transactions fail as DbUnavailableError quickly, the pool keeps no broken state', async () => {
  // Nothing listens on port 1.
  const db = await connectDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
  try {
    const t0 = Date.now();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DbUnavailableError);
    await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DbUnavailableError);
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DbUnavailableError);
    expect(Date.now() - t0).toBeLessThan(6000);
  } finally {
    await db.close();
  }
});
