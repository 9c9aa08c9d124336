import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { FEEDS_DUE, queueDueRuns, startFeedJobs } from './feeds/jobs';
import { COMMISSION_SOURCES_DUE, importDueSources } from './feeds/commission-source-run';
import { feedSecretKey } from './lib/secret-box';
import { buildClient, isClientBuildStale } from './client-build';
import { startCluster } from './cluster/cluster';
import { startServedLayouts } from './layouts/served-layouts';
import { configProblems, readConfig } from './config';
import { listTenantHosts } from './db/repositories/domains';
import { MEMORY_REPORT_MARK, memoryBreakdown } from './memory';
import { DIGEST_TICK, sendDueDigests } from './mail/digest/schedule';
import { startMail } from './mail/start';
import { sendStoreAlerts, STORE_ALERTS } from './mail/store-alerts';
import { openDatabase } from './open-database';
import { SETTLE_VOTES, settleVotes } from './db/repositories/votes';
import { FORGET_CLICK_NETWORKS, forgetClickNetworks } from './db/repositories/click-outs';
import { DEFAULT_RATE_LIMITS } from './routes/deps';
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

for (const problem of configProblems()) {
  log.error(problem);
  process.exit(1);
}

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
// REDIS_URL: rate limits and cache invalidation shared with the other instances (docs/decisions/017).
const cluster = await startCluster(config, log);

// LAYOUTS_DIR, or the published documents with LAYOUTS_SOURCE=db; reloaded on other instances' notices.
const layouts = await startServedLayouts(config, db, cluster.bus, log);
// The feeds' runs, once the app exists (the schedule below may tick before).
const feeds: { runs?: FastifyInstance['feedRuns'] } = {};
const mail = await startMail(config, db, log, {
  [DIGEST_TICK.queue]: {
    cron: DIGEST_TICK.cron,
    run: (queue) => sendDueDigests(db, queue, layouts.current().documents),
  },
  [STORE_ALERTS.queue]: { cron: STORE_ALERTS.cron, run: (queue) => sendStoreAlerts(db, queue) },
  // Votes join the shown tally once their hold has passed (issue 24).
  [SETTLE_VOTES.queue]: { cron: SETTLE_VOTES.cron, run: () => settleVotes(db, config.voteHoldSeconds) },
  // A click-out's network is kept for abuse filtering only, then erased (issue 31, docs/revenue.md "Privacy").
  [FORGET_CLICK_NETWORKS.queue]: { cron: FORGET_CLICK_NETWORKS.cron, run: () => forgetClickNetworks(db) },
  // Feeds whose every_hours have passed get a run (issue 30); the app's runs exist once it is built.
  [FEEDS_DUE.queue]: {
    cron: FEEDS_DUE.cron,
    run: () => (feeds.runs ? queueDueRuns(feeds.runs.services, feeds.runs.dispatch) : Promise.resolve(0)),
  },
  // Report sources whose every_hours have passed are fetched and imported (issue 31, docs/revenue.md).
  [COMMISSION_SOURCES_DUE.queue]: {
    cron: COMMISSION_SOURCES_DUE.cron,
    run: () => (feeds.runs ? importDueSources(feeds.runs.services) : Promise.resolve(0)),
  },
});
const feedKey = (() => {
  try {
    return feedSecretKey(process.env);
  } catch (err) {
    log.error(err instanceof Error ? err.message : String(err));
    return process.exit(1);
  }
})();
if (feedKey.warning) log.warn(feedKey.warning);
const app = await buildApp({
  db,
  mailer: mail,
  mailQueue: mail,
  layouts,
  template: fileTemplate(config.clientDir, () => buildState),
  clientDir: config.clientDir,
  layoutsDir: config.layoutsDir,
  layoutsSource: config.layoutsSource,
  bus: cluster.bus,
  logger: { level: config.logLevel },
  trustProxy: config.trustProxy,
  ...(cluster.rateLimitStore ? { rateLimitStore: cluster.rateLimitStore } : {}),
  ...(cluster.cacheBus ? { responseCache: { bus: cluster.cacheBus } } : {}),
  rateLimits: {
    ...DEFAULT_RATE_LIMITS,
    newsletter: { max: config.newsletterPerMinute, timeWindow: 60_000 },
    forms: { max: config.formsPerMinute, timeWindow: 60_000 },
    votes: { max: config.votesPerMinute, timeWindow: 60_000 },
    signals: { max: config.signalsPerMinute, timeWindow: 60_000 },
    misses: { max: config.missesPerMinute, timeWindow: 60_000 },
  },
  render: { threads: config.renderThreads, nodeEnv: config.renderNodeEnv },
  shopperSecrets: config.shopperSecrets,
  voteHoldSeconds: config.voteHoldSeconds,
  adminHost: config.adminHost,
  feeds: {
    secretKey: feedKey.key,
    ...(config.feedSyncPace === undefined ? {} : { pace: config.feedSyncPace }),
    dispatch: (services) => startFeedJobs(mail.boss, services),
  },
});
feeds.runs = app.feedRuns;
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
console.log(`  API docs         http://localhost:${port}/api/docs`);
console.log(`  Console          http://${config.adminHost}:${port}/admin (the console's own host, ADMIN_HOST)\n`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info(`${signal}: finishing in-flight requests, then closing the database`);
  setTimeout(() => process.exit(1), 10_000).unref();
  layouts.stop();
  await app.close();
  await cluster.close();
  await mail.stop();
  await db.close();
  process.exit(0);
}
// MEMORY_REPORT=1 (the bench): on SIGUSR2, one line of what the memory is made of, on stderr.
if (config.memoryReport)
  process.on('SIGUSR2', () => console.error(MEMORY_REPORT_MARK + JSON.stringify(memoryBreakdown(app.memoryParts()))));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
