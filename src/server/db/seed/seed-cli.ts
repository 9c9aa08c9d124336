import { parseArgs } from 'node:util';
import { readConfig } from '../../config';
import { connectDb } from '../connect';
import { countDomains } from '../repositories/domains';
import { migrate } from '../migrate';
import { generateCatalogueChunks, generateDemoData } from './demo';
import { demoAdminLine } from './demo-admin';
import { resetData, seedDemo, seedLarge } from './seed';

// `npm run seed [-- --stores N --coupons M] [--reset]`: demo data by default, a large catalogue for benchmarks; the demo
// admin only in demo mode (DEMO, src/server/config.ts). `--empty`: create and migrate only (openDatabase's child for a
// new PGlite database outside demo mode).
const { values } = parseArgs({
  options: {
    stores: { type: 'string' },
    coupons: { type: 'string' },
    reset: { type: 'boolean', default: false },
    seed: { type: 'string' },
    empty: { type: 'boolean', default: false },
  },
});

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) throw new Error(`--${name} must be a whole number, got ${raw}`);
  return n;
}

const stores = count('stores', values.stores);
const coupons = count('coupons', values.coupons);
const seed = count('seed', values.seed);
const config = readConfig();
const db = await connectDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  if (values.empty) {
    console.log('Created an empty database: no demo data, no account (not in demo mode).');
  } else if ((await countDomains(db)) > 0) {
    if (!values.reset) {
      console.log('The database already holds data; run with --reset to replace it.');
      process.exitCode = 1;
    } else {
      await resetData(db);
    }
  }
  if (process.exitCode !== 1 && !values.empty) {
    const started = Date.now();
    if (stores === undefined && coupons === undefined) {
      const data = generateDemoData(seed === undefined ? {} : { seed });
      await seedDemo(db, data, { demoAdmin: config.demo });
      console.log(
        `Seeded the demo data: ${data.stores.length} stores, ${data.coupons.length} coupons, ${data.tenants.length} tenants.`,
      );
      console.log(config.demo ? demoAdminLine() : 'No demo admin: not in demo mode (DEMO=1 adds it).');
    } else {
      const s = stores ?? 72;
      const meta = generateDemoData({ stores: s, coupons: 0, ...(seed === undefined ? {} : { seed }) });
      const chunks = generateCatalogueChunks({
        stores: s,
        coupons: coupons ?? 0,
        chunkSize: 5000,
        ...(seed === undefined ? {} : { seed }),
      });
      const done = await seedLarge(db, meta, chunks);
      console.log(`Seeded ${done.stores} stores and ${done.coupons} coupons for ${meta.tenants.length} tenants.`);
    }
    console.log(`Took ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} finally {
  await db.close();
}
