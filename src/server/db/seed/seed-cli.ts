import { fail, parseCli, toolDatabase } from '../../cli';

// `npm run seed [-- --stores N --coupons M] [--reset]`: demo data by default, a large catalogue for benchmarks; the demo
// admin only in demo mode (DEMO, src/server/config.ts). `--empty`: create and migrate only (openDatabase's child for a
// new PGlite database outside demo mode). With db:migrate, the one tool that may create a database (decision 027).
const { values } = parseCli({
  name: 'seed',
  about:
    'Fills an empty database with the demo data (the demo admin only in demo mode, DEMO), or with --stores/--coupons\n' +
    'a large catalogue for benchmarks. Creates a new PGlite database in DATA_DIR when it holds none.',
  options: {
    stores: { type: 'string', value: '<N>', help: 'a large catalogue of N stores (default 72 with --coupons)' },
    coupons: { type: 'string', value: '<M>', help: 'a large catalogue of M coupons' },
    reset: { type: 'boolean', help: 'replace the data of a database that holds some' },
    seed: { type: 'string', value: '<n>', help: 'the random seed of the generated data' },
    empty: { type: 'boolean', help: 'create and migrate the database only: no data, no account' },
  },
  database: 'create',
  env: ['DEMO: 1 or 0, whether the demo admin is made (default: on for PGlite outside NODE_ENV=production)'],
});

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) fail('seed', `--${name} must be a whole number, got ${raw}`);
  return n;
}

const stores = count('stores', values.stores);
const coupons = count('coupons', values.coupons);
const seed = count('seed', values.seed);

const { readConfig } = await import('../../config');
const { countDomains } = await import('../repositories/domains');
const { migrate } = await import('../migrate');
const { generateCatalogueChunks, generateDemoData } = await import('./demo');
const { demoAdminLine } = await import('./demo-admin');
const { resetData, seedDemo, seedLarge } = await import('./seed');

const config = readConfig();
const { db, created } = await toolDatabase('seed', config, { create: true });
try {
  if (created) console.log(`Created a new PGlite database in ${config.dataDir}.`);
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
