import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** How long the connection stays open after an answer given before the end of the body. */
export const LINGER_MS = 10_000;

/**
 * Prepares the answer to a request whose body was not read to its end (the CSV import stopping at its cap): a
 * lingering close. The answer goes at once with `Connection: close`; the rest of the body is read and dropped, never
 * parsed or kept, until the client stops sending; the socket is destroyed then, or after LINGER_MS or `dropAtMost`
 * more bytes. Left to itself Node destroys the socket as soon as the answer is flushed, and a client still sending may
 * get the reset (EPIPE) before it has read the answer, and report only that: a Node client asking `Connection: close`
 * did so for 1 upload in 40 from another process, and for every one from the server's own process.
 */
export function answerEarly(reply: FastifyReply, body: Readable, dropAtMost: number): FastifyReply {
  if (body.readableEnded || body.destroyed) return reply;
  const socket = reply.request.raw.socket as Socket | undefined;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    body.removeListener('data', drop);
    socket?.destroy?.();
  };
  const drop = (chunk: Buffer | string) => {
    dropped += chunk.length;
    if (dropped > dropAtMost) close();
  };
  const timer = setTimeout(close, LINGER_MS);
  body.on('data', drop).once('error', () => clearTimeout(timer));
  socket?.once('close', () => clearTimeout(timer));
  body.resume();
  // Node answers `Connection: close` with socket.destroySoon(): end() (our FIN), then destroy() once that is flushed.
  // Only the destroy is taken back; the client sees the answer, then the end of the connection, and stops.
  if (typeof socket?.destroy === 'function')
    reply.raw.once('finish', () => socket.removeListener('finish', socket.destroy));
  return reply.header('connection', 'close');
}
