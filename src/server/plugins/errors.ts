import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DbUnavailableError, isDbUnavailable } from '../db/connect';
import { ApiError } from '../lib/api-error';
import { statusPage } from './status-page';
import { wantsHtml } from './tenancy';

// Every failure leaves as JSON {success:false, message}: bad input 4xx, database down 503 (with Retry-After), the rest 500 (logged).
function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const DB_UNAVAILABLE_MESSAGE = new DbUnavailableError(null).message;
/** Seconds a client should wait before asking again after a 503 (the database restarting, the client build running). */
export const RETRY_AFTER_SECONDS = 5;

export function errorStatus(err: FastifyError | Error): { status: number; message: string } {
  if (err instanceof ApiError) return { status: err.statusCode, message: err.message };
  if (err instanceof DbUnavailableError) return { status: 503, message: err.message };
  const fe = err as FastifyError;
  if (fe.validation) return { status: 400, message: fe.message };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, message: fe.message };
  }
  // A connection failure that reached here without the db layer's wrapper still means "down", never a 500.
  if (isDbUnavailable(err)) return { status: 503, message: DB_UNAVAILABLE_MESSAGE };
  const state = sqlState(err);
  // Data exceptions (e.g. a NUL byte, an out-of-range value) come from the input, not from the server.
  if (state?.startsWith('22') || state === '54000')
    return { status: 400, message: 'The request holds a value the database cannot accept.' };
  return { status: 500, message: 'Something went wrong on our side.' };
}

// While the database is down every request fails the same way: one log line per interval, not one per request.
const DB_DOWN_LOG_INTERVAL_MS = 5_000;
let lastDbDownLog = 0;
let dbDownSince = 0;
function logDbDown(req: FastifyRequest, err: Error): void {
  dbDownSince++;
  const now = Date.now();
  if (now - lastDbDownLog < DB_DOWN_LOG_INTERVAL_MS) return;
  lastDbDownLog = now;
  const cause = err.cause instanceof Error ? err.cause.message : err.message;
  req.log.warn({ cause, failedRequests: dbDownSince }, 'database unavailable: answering 503');
  dbDownSince = 0;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const { status, message } = errorStatus(err);
    if (status === 503 && isDbUnavailable(err)) logDbDown(req, err);
    else if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ status, message }, 'request rejected');
    const extra = err instanceof ApiError ? err.extra : {};
    // 503 is temporary by definition: say when to come back (browsers, crawlers and proxies honour it).
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if ((status >= 500 || status === 429) && wantsHtml(req)) {
      const title =
        status === 503 ? 'Temporarily unavailable' : status === 429 ? 'Too many requests' : 'Something went wrong';
      return reply
        .code(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(statusPage(title, message));
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send({ success: false, message, ...extra });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).header('cache-control', 'no-store');
    if (wantsHtml(req)) {
      return reply.type('text/html; charset=utf-8').send('<!doctype html><title>Not found</title><h1>Not found</h1>');
    }
    return reply.send({ success: false, message: `Not found: ${req.method} ${req.url.split('?')[0]?.slice(0, 200)}` });
  });
}
