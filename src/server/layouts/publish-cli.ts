import path from 'node:path';
import { Redis } from 'ioredis';
import { encodeNotice } from '../../shared/rules/cluster-notice';
import { busChannel } from '../cluster/bus';
import { readConfig } from '../config';
import { connectDb } from '../db/connect';
import { migrate } from '../db/migrate';
import { formatProblem } from './check';
import { publishLayouts } from './publish';

// `npm run layouts:publish`: validates LAYOUTS_DIR like layouts:check and, when it is clean, writes the documents to
// the database (DATABASE_URL, else PGlite in DATA_DIR: stop a PGlite server first) for LAYOUTS_SOURCE=db instances.
// With REDIS_URL the instances are told at once; without, they notice within LAYOUTS_POLL_MS.
const config = readConfig();
const dir = path.relative(config.rootDir, config.layoutsDir) || '.';
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
