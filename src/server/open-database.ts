import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from './config';
import { connectDb, type Db } from './db/connect';
import { migrate } from './db/migrate';
import { countDomains } from './db/repositories/domains';
import { generateDemoData } from './db/seed/demo';
import { demoAdminLine } from './db/seed/demo-admin';
import { seedDemo } from './db/seed/seed';
import { demoAdminIsOpen, demoAdminWarning, setupInstructions, setupTokenWhenNoAdmin } from './first-admin';

export interface StartLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * The server's database (npm start and npm run dev): created and migrated; in demo mode an empty one gets the demo data
 * and its demo admin, otherwise no account: while no admin exists each start prints a one-time setup link (issue 25).
 * `origin` is where the operator opens the console (the link's start).
 */
export async function openDatabase(
  config: ServerConfig,
  log: StartLog,
  origin = `http://${config.adminHost}:${config.port}`,
): Promise<Db> {
  // A new PGlite cluster (initdb) and the demo seed grow the WASM heap to ~700 MB, which it never gives back: they run
  // in a child process (npm run seed), and this one opens the finished database (~240 MB).
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    log.info(`new PGlite database: creating ${config.demo ? 'and seeding ' : ''}it in a child process`);
    // Compiled (npm start): seed-cli.js beside this bundle, run with the same node flags; under tsx the source.
    const seedCli =
      process.env.DEALDECK_SERVER_BUNDLE === '1'
        ? path.join(import.meta.dirname, 'seed-cli.js')
        : path.join(path.dirname(fileURLToPath(import.meta.url)), 'db', 'seed', 'seed-cli.ts');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [...process.execArgv, seedCli, ...(config.demo ? [] : ['--empty'])], {
        env: { ...process.env, DATA_DIR: config.dataDir },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('error', () => resolve(null));
      child.on('exit', (c) => resolve(c));
    });
    if (code !== 0) log.warn(`seeding in a child process failed (exit ${code}); seeding in this process`);
  }

  const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(db, config.demo, log, origin);
  return db;
}

/** Migrates; seeds an empty database in demo mode; prints the setup link while no admin exists (outside demo mode). */
export async function prepareDatabase(db: Db, demo: boolean, log: StartLog, origin: string): Promise<void> {
  const setupToken = await oneAtATime(db, async () => {
    const applied = await migrate(db);
    if (applied.length) log.info(`migrations applied: ${applied.join(', ')}`);
    if (demo && (await countDomains(db)) === 0) {
      const data = generateDemoData();
      await seedDemo(db, data);
      log.info(
        `seeded the demo data: ${data.stores.length} stores, ${data.coupons.length} coupons, ${data.tenants.length} tenants`,
      );
      log.info(demoAdminLine());
    }
    return setupTokenWhenNoAdmin(db);
  });
  // Warnings, so a quiet LOG_LEVEL still shows them: without the link nobody can sign in.
  if (setupToken) log.warn(setupInstructions(origin, setupToken));
  else if (!demo && (await demoAdminIsOpen(db))) log.warn(demoAdminWarning());
}

/**
 * Several instances starting together on one PostgreSQL database (compose.yaml, the three-instance test): the first
 * migrates and seeds while the others wait on a transaction-level advisory lock, then find nothing left to do.
 */
async function oneAtATime<R>(db: Db, work: () => Promise<R>): Promise<R> {
  if (db.kind !== 'postgres') return work();
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('dealdeck:migrate-and-seed'))");
    return work();
  });
}
