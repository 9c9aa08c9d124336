import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

// Answers the HTTP server gives before Fastify routes a request: a cached document or API answer, a built asset kept in
// memory. Each is the same stored bytes and header object for every shopper, so these requests cost what a bare
// server sending a buffer costs; everything else (a miss, a refill, a write) goes to Fastify as usual.
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Fastify's HTTP server with `answers` asked first; they are added once the app has registered them. */
export function earlyServerFactory(answers: readonly EarlyAnswer[]): FastifyServerFactory {
  return (handler, opts) => {
    const server = createServer((req, res) => {
      for (const answer of answers) if (answer(req, res)) return;
      handler(req, res);
    });
    // What Fastify sets on the server it makes itself (a server factory takes that over).
    const ms = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
    server.keepAliveTimeout = ms(opts.keepAliveTimeout, 72_000);
    server.requestTimeout = ms(opts.requestTimeout, 0);
    server.setTimeout(ms(opts.connectionTimeout, 0));
    return server;
  };
}
