import { existsSync, readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { compressOnce, negotiate, type Coding } from './encoding';
import type { StoredResponse } from './reference-store';

// The limit on this machine: a bare Fastify route answering, from memory, the same bytes the real server sends.
// Run as its own process (like the real server): `node --import tsx src/bench/bare-server.ts <responses.json>` with PORT.
// Documents and API answers are the server's own bytes for each Accept-Encoding (recorded by api.ts); built assets are
// the build's `.br`/`.gz` copies. Anything missing is compressed once here at start, never on the request path.
// Accept-Encoding is honoured as the server does: br preferred, else gzip, else identity.

interface Answer {
  coding: string;
  body: Buffer;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <responses.json>');
const stored = JSON.parse(readFileSync(file, 'utf8')) as StoredResponse[];

function answersOf(s: StoredResponse): Record<Coding, Answer> {
  if (s.file) {
    const identity = readFileSync(s.file);
    const copy = (ext: string) => (existsSync(`${s.file}${ext}`) ? readFileSync(`${s.file}${ext}`) : null);
    const br = copy('.br');
    const gz = copy('.gz');
    const made = br && gz ? null : compressOnce(identity);
    return {
      br: { coding: 'br', body: br ?? made!.br },
      gzip: { coding: 'gzip', body: gz ?? made!.gzip },
      identity: { coding: 'identity', body: identity },
    };
  }
  const v = s.variants ?? {};
  const identity = v.identity ? Buffer.from(v.identity.body, 'base64') : null;
  if (!identity) throw new Error(`no identity body recorded for ${s.path}`);
  const made = v.br && v.gzip ? null : compressOnce(identity);
  const pick = (c: 'br' | 'gzip'): Answer =>
    v[c] ? { coding: v[c].coding, body: Buffer.from(v[c].body, 'base64') } : { coding: c, body: made![c] };
  return { br: pick('br'), gzip: pick('gzip'), identity: { coding: 'identity', body: identity } };
}

const byPath = new Map(stored.map((s) => [s.path, { type: s.contentType, answers: answersOf(s) }]));

const app = Fastify({ logger: false });
app.get('/__bare/healthz', async () => ({ ok: true }));
app.get('/*', async (req, reply) => {
  const hit = byPath.get(req.url);
  if (!hit) return reply.code(404).send({ success: false, message: 'not recorded' });
  const answer = hit.answers[negotiate(req.headers['accept-encoding'])];
  reply.type(hit.type).header('vary', 'accept-encoding');
  if (answer.coding !== 'identity') reply.header('content-encoding', answer.coding);
  return reply.send(answer.body);
});
await app.listen({ port: Number(process.env.PORT ?? 8351), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
