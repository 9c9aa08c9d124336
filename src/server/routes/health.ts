import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';

// Liveness with a database round trip, and the OpenAPI document of every route.
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/healthz', {
    schema: {
      tags: ['ops'], summary: 'Ready: 200 {ok:true}; database unreachable: 503',
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } }, 503: { type: 'object', properties: { ok: { type: 'boolean' }, message: { type: 'string' } } } },
    },
  }, async (_req, reply) => {
    try {
      await db.query('SELECT 1');
      return reply.header('cache-control', 'no-store').send({ ok: true });
    } catch {
      return reply.code(503).header('cache-control', 'no-store').send({ ok: false, message: 'The database is unavailable.' });
    }
  });

  app.get('/api/docs', { schema: { tags: ['ops'], summary: 'This OpenAPI document' } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=60').send(app.swagger()));
}
