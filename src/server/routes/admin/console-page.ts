import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';

// The console's page: the built admin.html (its own entry, docs/decisions/015-operator-console.md) at /admin and below,
// on every site's host, never indexed and never cached. And the one thing the shop's pages do for it: a `?layout=`
// preview page may be framed by any of the sites (the console's preview panel frames each tenant's own host).
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "connect-src 'self'",
  "frame-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HOSTS_TTL_MS = 10_000;

export async function consolePageRoutes(app: FastifyInstance, opts: { db: Db; clientDir: string }): Promise<void> {
  const serve = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    let html: string;
    try {
      html = await readFile(path.join(opts.clientDir, 'admin.html'), 'utf8');
    } catch {
      // Not a server fault: this client build has no console page (404, like any file the build lacks).
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('The console is not built yet: run `npm run build` (npm start builds it when missing).');
    }
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', CONSOLE_CSP)
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  const schema = { tags: ['site'], summary: "The operators' console (noindex; sign in as an admin or editor)" };
  app.get('/admin', { schema }, serve);
  app.get('/admin/*', { schema }, serve);

  // Preview pages (?layout=…) may be framed by every site's host (any port): the console runs on one of them.
  let hosts: { at: number; list: Promise<string[]> } | null = null;
  const siteHosts = (): Promise<string[]> => {
    if (!hosts || Date.now() - hosts.at > HOSTS_TTL_MS) {
      const list = opts.db
        .query<{ host: string }>('SELECT host FROM domain_hosts ORDER BY host')
        .then((rows) => rows.map((r) => r.host).filter((h) => /^[a-z0-9.-]+$/.test(h)));
      hosts = { at: Date.now(), list };
      list.catch(() => (hosts = null));
    }
    return hosts.list;
  };
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || !req.url.includes('layout=')) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string' || !csp.includes("frame-ancestors 'self'")) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const list = await siteHosts().catch(() => []);
    const sources = list.map((h) => `${h}:*`).join(' ');
    if (sources)
      reply.header(
        'content-security-policy',
        csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${sources}`),
      );
    return payload;
  });
}
