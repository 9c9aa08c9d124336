import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

// The console's page: the built admin.html (its own entry, docs/decisions/015-operator-console.md) at /admin and below,
// on every site's host, never indexed and never cached.
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

export async function consolePageRoutes(app: FastifyInstance, opts: { clientDir: string }): Promise<void> {
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
}
