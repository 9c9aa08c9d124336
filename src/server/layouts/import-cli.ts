import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCli, toolDatabase } from '../cli';

// `npm run layouts:import` (old name: layouts:publish, publish-cli.ts): validates LAYOUTS_DIR like layouts:check and,
// when it is clean, writes the documents to the database (DATABASE_URL, else PGlite in DATA_DIR: stop a PGlite server
// first) as a new version (action 'import') for LAYOUTS_SOURCE=db instances. With REDIS_URL the instances are told
// at once; without, they notice within LAYOUTS_POLL_MS. `npm run layouts:export` is the way back.
export async function layoutsImport(name: string): Promise<void> {
  const { values } = parseCli({
    name,
    about:
      'Checks LAYOUTS_DIR like layouts:check and, when it is clean, writes its documents to the database as a new\n' +
      'version, served by instances with LAYOUTS_SOURCE=db (the layout studio lists it). On PGlite, stop the server first.',
    database: 'existing',
    options: { note: { type: 'string', value: '<text>', help: "the version's note in the studio's history" } },
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
  const { db } = await toolDatabase(name, config);
  try {
    await migrate(db);
    const result = await publishLayouts(db, dir, { action: 'import', author: name, note: values.note });
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
      const receivers = await redis.publish(busChannel(prefix), encodeNotice(name, 'layouts', String(version)));
      console.log(`change notice sent to ${receivers} instance${receivers === 1 ? '' : 's'}`);
    } catch (error) {
      console.warn(`could not send the change notice (${String(error)}): instances notice within their poll interval`);
    } finally {
      redis.disconnect();
    }
  }
}

// Run itself (npm run layouts:import), not imported by publish-cli.ts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await layoutsImport('layouts:import');
