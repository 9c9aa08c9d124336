import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { authenticate, bearerToken } from '../plugins/auth';
import { RETRY_AFTER_SECONDS } from '../plugins/errors';

// Readiness with a database round trip (bounded in time, so a hung database never hangs the probe),
// and the OpenAPI document of every route.
export const HEALTH_DB_TIMEOUT_MS = 3_000;

type DbProbe = { status: 'up'; latencyMs: number } | { status: 'down'; error: string };

async function probe(db: Db): Promise<DbProbe> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${HEALTH_DB_TIMEOUT_MS} ms`)),
          HEALTH_DB_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'up', latencyMs: Math.round((performance.now() - t0) * 10) / 10 };
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    return {
      status: 'down',
      error: cause instanceof Error ? cause.message.slice(0, 200) : String(cause).slice(0, 200),
    };
  } finally {
    clearTimeout(timer);
  }
}

const databaseSchema = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['pglite', 'postgres'] },
    status: { type: 'string', enum: ['up', 'down'] },
    latencyMs: { type: 'number' },
    error: { type: 'string' },
  },
};

/** True for a request carrying a valid admin (system user) token; any failure reads as "not an admin". */
async function isAdmin(db: Db, req: FastifyRequest): Promise<boolean> {
  if (bearerToken(req) === null) return false;
  try {
    return (await authenticate(db, req)).user.role === 'admin';
  } catch {
    return false;
  }
}

export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Ready: 200 {ok:true, database:{status:"up"}}; database unreachable: 503 {ok:false, message, database:{status:"down"}}. With an admin token (Authorization: Bearer) the database also has kind, latencyMs / error.',
        response: {
          200: { type: 'object', properties: { ok: { type: 'boolean' }, database: databaseSchema } },
          503: {
            type: 'object',
            properties: { ok: { type: 'boolean' }, message: { type: 'string' }, database: databaseSchema },
          },
        },
      },
    },
    async (req, reply) => {
      const database = await probe(db);
      reply.header('cache-control', 'no-store');
      // Which database, how fast and why it failed help an attacker more than a shopper: an admin token sees them
      // (checked only while the database answers; when it is down everyone gets the bare status).
      const details = database.status === 'up' && (await isAdmin(db, req));
      const shown = details ? { kind: db.kind, ...database } : { status: database.status };
      if (database.status === 'up') return reply.send({ ok: true, database: shown });
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ ok: false, message: 'The database is unavailable.', database: shown });
    },
  );

  app.get('/api/docs', { schema: { tags: ['ops'], summary: 'This OpenAPI document' } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=60').send(app.swagger()),
  );
}
