import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate';
import { generateCatalogueChunks, generateDemoData } from '../../src/server/db/seed/demo';
import { resetData, seedLarge } from '../../src/server/db/seed/seed';
import { DATABASES, getJson, startTestApp } from './helpers/test-app';

describe.each(DATABASES)('migrations and the large seed (%s)', (kind) => {
  it('re-applies nothing, and seeds a generated catalogue with its indexes rebuilt', async () => {
    const t = await startTestApp(kind, { seed: false });
    try {
      expect(await migrate(t.db)).toEqual([]);
      const meta = generateDemoData({ stores: 120, coupons: 0 });
      const done = await seedLarge(t.db, meta, generateCatalogueChunks({ stores: 120, coupons: 900, chunkSize: 250 }));
      expect(done).toEqual({ stores: 120, coupons: 900 });
      const indexes = await t.db.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('stores', 'coupons')",
      );
      expect(indexes.map((i) => i.indexname)).toEqual(
        expect.arrayContaining(['coupons_name_trgm_idx', 'coupons_store_idx', 'stores_visits_idx']),
      );
      const one = meta.tenants.find((x) => x.key === 'one');
      const stores = await getJson(t.app, '/api/end-user/store/getStoresBasedOnDomain', 'one.localhost');
      expect(stores.body.total_records).toBe(one?.store_keys.length);
      const coupons = await getJson(t.app, '/api/end-user/coupon/coupon-list-by-website', 'one.localhost');
      expect(Number(coupons.body.total_records)).toBeGreaterThan(500);
      await resetData(t.db);
      // Emptied behind the running app's back: drop what it keeps of the tenants, as a write through it does.
      t.app.responseCache.invalidateAll();
      expect((await getJson(t.app, '/api/end-user/website-data/fetchByDomain', 'one.localhost')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
