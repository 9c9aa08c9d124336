import path from 'node:path';
import { buildApp } from './app';
import { buildClient, isClientBuildStale } from './client-build';
import { readConfig } from './config';
import { listTenantHosts } from './db/repositories/domains';
import { DIGEST_TICK, sendDueDigests } from './mail/digest/schedule';
import { startMail } from './mail/start';
import { sendStoreAlerts, STORE_ALERTS } from './mail/store-alerts';
import { openDatabase } from './open-database';
import { DEFAULT_RATE_LIMITS } from './routes/deps';
import { startLayouts } from './site/layout-state';
import { fileTemplate, type BuildState } from './site/template';

// `npm start`: build the client if stale, migrate (and seed an empty) database, serve every tenant on one port.
const config = readConfig();
const quiet = config.logLevel === 'warn' || config.logLevel === 'error' || config.logLevel === 'silent';
// Start-up messages before the app (and its pino logger) exists.
const log = {
  info: (msg: string) => (quiet ? undefined : console.log(msg)),
  debug: (msg: string) => (config.logLevel === 'debug' ? console.log(msg) : undefined),
  warn: (msg: string) => console.warn(msg),
  error: (msg: string) => console.error(msg),
};

let buildState: BuildState = { state: 'building' };
if (await isClientBuildStale(config.rootDir, config.clientDir)) {
  log.info('client build missing or stale: running vite build');
  const failure = await buildClient(config.rootDir, (line) => log.info(`[vite] ${line}`), config.clientDir);
  buildState = failure === null ? { state: 'ready' } : { state: 'failed', reason: failure };
  if (failure) log.error(`client build failed; pages answer 503 until it succeeds: ${failure}`);
} else {
  buildState = { state: 'ready' };
}

const db = await openDatabase(config, log);

// Relative to the project so file names in logs, diagnostics and the bootstrap read 'layouts/home/x.json', not a server path.
const layouts = await startLayouts(path.relative(config.rootDir, config.layoutsDir) || '.', log);
const mail = await startMail(config, db, log, {
  [DIGEST_TICK.queue]: {
    cron: DIGEST_TICK.cron,
    run: (queue) => sendDueDigests(db, queue, layouts.current().documents),
  },
  [STORE_ALERTS.queue]: { cron: STORE_ALERTS.cron, run: (queue) => sendStoreAlerts(db, queue) },
});
const app = await buildApp({
  db,
  mailer: mail,
  layouts,
  template: fileTemplate(config.clientDir, () => buildState),
  clientDir: config.clientDir,
  layoutsDir: config.layoutsDir,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  rateLimits: { ...DEFAULT_RATE_LIMITS, newsletter: { max: config.newsletterPerMinute, timeWindow: 60_000 } },
});
if (config.host) {
  await app.listen({ port: config.port, host: config.host });
} else {
  await app.listen({ port: config.port, host: '::' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EAFNOSUPPORT' && err.code !== 'EADDRNOTAVAIL') throw err;
    await app.listen({ port: config.port, host: '0.0.0.0' });
  });
}

const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
const tenants = await listTenantHosts(db);
console.log(`\nDealdeck is serving ${tenants.length} sites (${db.kind}):`);
for (const t of tenants) console.log(`  ${t.name.padEnd(16)} ${t.hosts.map((h) => `http://${h}:${port}/`).join('  ')}`);
console.log(`  API docs         http://localhost:${port}/api/docs\n`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info(`${signal}: finishing in-flight requests, then closing the database`);
  setTimeout(() => process.exit(1), 10_000).unref();
  layouts.stop();
  await app.close();
  await mail.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
