import { parseCli, toolDatabase } from '../cli';

// `npm run db:migrate`: applies pending migrations to PGlite (DATA_DIR) or DATABASE_URL. With seed, the one tool that
// may create a database: a new PGlite in DATA_DIR when it holds none (decision 027).
parseCli({
  name: 'db:migrate',
  about:
    'Applies the pending migrations (src/server/db/migrations) to the database, creating a new PGlite database in\n' +
    'DATA_DIR when it holds none. A PostgreSQL database (DATABASE_URL) must exist; its tables are created.',
  database: 'create',
});

const { readConfig } = await import('../config');
const { migrate } = await import('./migrate');

const config = readConfig();
const { db, created } = await toolDatabase('db:migrate', config, { create: true });
try {
  if (created) console.log(`Created a new PGlite database in ${config.dataDir}.`);
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
