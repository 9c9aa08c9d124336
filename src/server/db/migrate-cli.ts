import { readConfig } from '../config';
import { connectDb } from './connect';
import { migrate } from './migrate';

// `npm run db:migrate`: applies pending migrations to PGlite (DATA_DIR) or DATABASE_URL.
const config = readConfig();
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
