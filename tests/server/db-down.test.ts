import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { connectDb } from '../../src/server/db/connect';
import { startLayouts } from '../../src/server/layouts/layout-state';
import { fixedTemplate } from '../../src/server/site/template';
import { silentLog, TEMPLATE } from './helpers/test-app';

describe('database unreachable', () => {
  it('answers 503 with a message, never crashes', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const db = await connectDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
    const layouts = await startLayouts('layouts', silentLog, false);
    const app = await buildApp({
      db,
      layouts,
      template: fixedTemplate(TEMPLATE),
      clientDir: '/nonexistent',
      layoutsDir: 'layouts',
      // Configured secrets: the server needs no database to start (else it keeps its secrets there).
      shopperSecrets: ['db-down-test-secret-0123456789abcdef0123'],
    });
    try {
      const api = await app.inject({
        url: '/api/end-user/website-data/fetchByDomain',
        headers: { host: 'one.localhost' },
      });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toEqual({ success: false, message: 'The database is unavailable; please try again shortly.' });
      const post = await app.inject({
        method: 'POST',
        url: '/system-user/login',
        payload: { email: 'a@example.com', password: 'x' },
      });
      expect(post.statusCode).toBe(503);
      const html = await app.inject({ url: '/store/x', headers: { host: 'one.localhost', accept: 'text/html' } });
      expect(html.statusCode).toBe(503);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toContain('Temporarily unavailable');
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
