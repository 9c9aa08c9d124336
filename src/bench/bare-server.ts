import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

// The limit on this machine: a bare Fastify route answering the recorded responses (same bytes) from memory.
// Run as its own process (like the real server): `node --import tsx src/bench/bare-server.ts <responses.json>` with PORT.

interface Stored { path: string; contentType: string; body: string }

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <responses.json>');
const stored = JSON.parse(readFileSync(file, 'utf8')) as Stored[];
const byPath = new Map(stored.map((s) => [s.path, { type: s.contentType, body: Buffer.from(s.body, 'base64') }]));

const app = Fastify({ logger: false });
app.get('/__bare/healthz', async () => ({ ok: true }));
app.get('/*', async (req, reply) => {
  const hit = byPath.get(req.url);
  if (!hit) return reply.code(404).send({ success: false, message: 'not recorded' });
  return reply.type(hit.type).send(hit.body);
});
await app.listen({ port: Number(process.env.PORT ?? 8351), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
