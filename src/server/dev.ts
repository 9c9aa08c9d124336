import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { buildApp } from './app';
import { readConfig } from './config';
import { listTenantHosts } from './db/repositories/domains';
import { openDatabase } from './open-database';
import { startMail } from './mail/start';
import { DEFAULT_RATE_LIMITS } from './routes/deps';
import { startLayouts } from './layouts/layout-state';
import type { TemplateSource } from './site/template';

// `npm run dev`: the real site (tenants, API, bootstrap) with Vite in middleware mode for the client's modules and hot
// module reload. Pages are drawn by the browser (no server rendering, no build); the response cache is off.
const config = readConfig();
const port = config.devPort;
const log = {
  info: (msg: string) => console.log(msg),
  warn: (msg: string) => console.warn(msg),
  error: (msg: string) => console.error(msg),
};

const server = createServer();
const vite = await createViteServer({
  root: config.rootDir,
  appType: 'custom',
  // The HMR websocket shares the page's origin, so the page's CSP ('self') allows it.
  server: { middlewareMode: true, ws: { server } },
});

/** index.html as Vite serves it in development (its client and React Refresh preamble), read again on each page. */
function viteTemplate(dev: ViteDevServer, rootDir: string): TemplateSource {
  return {
    get: async () => dev.transformIndexHtml('/', await readFile(path.join(rootDir, 'index.html'), 'utf8')),
    buildState: () => ({ state: 'ready' }),
    sectionChunks: async () => ({ js: [], css: [] }),
    ssrDir: null,
  };
}

const db = await openDatabase(config, log, `http://${config.adminHost}:${port}`);
const layouts = await startLayouts(path.relative(config.rootDir, config.layoutsDir) || '.', log);
// Mail as in production (SMTP_URL or the outbox), without the weekly and daily schedules.
const mail = await startMail(config, db, log);
const app = await buildApp({
  db,
  mailer: mail,
  mailQueue: mail,
  layouts,
  template: viteTemplate(vite, config.rootDir),
  clientDir: config.clientDir,
  layoutsDir: config.layoutsDir,
  logger: { level: config.logLevel },
  rateLimits: {
    ...DEFAULT_RATE_LIMITS,
    newsletter: { max: config.newsletterPerMinute, timeWindow: 60_000 },
    signals: { max: config.signalsPerMinute, timeWindow: 60_000 },
  },
  responseCache: { enabled: false },
  shopperSecrets: config.shopperSecrets,
  voteHoldSeconds: config.voteHoldSeconds,
  adminHost: config.adminHost,
});
await app.ready();

// Vite answers its own paths (/@vite/client, /src/…, /node_modules/…); everything else goes to the app.
server.on('request', (req, res) => vite.middlewares(req, res, () => app.routing(req, res)));
await new Promise<void>((resolve) => server.listen(port, config.host ?? '::', resolve));

const tenants = await listTenantHosts(db);
console.log(`\nDealdeck (development, hot reload) is serving ${tenants.length} sites (${db.kind}):`);
for (const t of tenants) console.log(`  ${t.name.padEnd(16)} ${t.hosts.map((h) => `http://${h}:${port}/`).join('  ')}`);

async function shutdown(): Promise<void> {
  layouts.stop();
  await vite.close();
  server.close();
  await app.close();
  await mail.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
