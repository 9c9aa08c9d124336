import path from 'node:path';
import { parseCli, toolDatabase } from '../cli';

// `npm run layouts:publish`: validates LAYOUTS_DIR like layouts:check and, when it is clean, writes the documents to
// the database (DATABASE_URL, else PGlite in DATA_DIR: stop a PGlite server first) for LAYOUTS_SOURCE=db instances.
// With REDIS_URL the instances are told at once; without, they notice within LAYOUTS_POLL_MS.
parseCli({
  name: 'layouts:publish',
  about:
    'Checks LAYOUTS_DIR like layouts:check and, when it is clean, writes its documents to the database as a new\n' +
    'version, served by instances with LAYOUTS_SOURCE=db. On PGlite, stop the server first.',
  database: 'existing',
  env: [
    'LAYOUTS_DIR: the documents (default ./layouts)',
    'REDIS_URL, REDIS_PREFIX: tell the instances at once (without: within their LAYOUTS_POLL_MS)',
  ],
});

const { Redis } = await import('ioredis');
const { encodeNotice } = await import('../../shared/rules/cluster-notice');
const { busChannel } = await import('../cluster/bus');
const { readConfig } = await import('../config');
const { migrate } = await import('../db/migrate');
const { formatProblem } = await import('./check');
const { publishLayouts } = await import('./publish');

const config = readConfig();
const dir = path.relative(config.rootDir, config.layoutsDir) || '.';
const { db } = await toolDatabase('layouts:publish', config);
try {
  await migrate(db);
  const result = await publishLayouts(db, dir);
  if (!result.published) {
    for (const problem of result.problems) console.log(formatProblem(problem));
    console.log(`${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}: nothing published`);
    process.exitCode = 1;
  } else {
    console.log(`published ${result.documents} documents of ${dir}/ as version ${result.version}`);
    if (config.redisUrl) await notify(config.redisUrl, config.redisPrefix, result.version);
  }
} finally {
  await db.close();
}

async function notify(url: string, prefix: string, version: number): Promise<void> {
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    const receivers = await redis.publish(
      busChannel(prefix),
      encodeNotice('layouts:publish', 'layouts', String(version)),
    );
    console.log(`change notice sent to ${receivers} instance${receivers === 1 ? '' : 's'}`);
  } catch (error) {
    console.warn(`could not send the change notice (${String(error)}): instances notice within their poll interval`);
  } finally {
    redis.disconnect();
  }
}
