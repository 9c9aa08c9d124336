import { describe, expect, it } from 'vitest';
import { generateCatalogueChunks } from '../../../src/server/db/seed/demo';
import { NOW } from './fixtures';

describe('generateCatalogueChunks', () => {
  it('streams 5,000 stores and 100,000 coupons in well under 10 s, stores before the coupons that name them', () => {
    const started = performance.now();
    const storeKeys = new Set<string>();
    const slugs = new Set<string>();
    const couponKeys = new Set<string>();
    let chunks = 0;
    let dangling = 0;
    for (const chunk of generateCatalogueChunks({ stores: 5_000, coupons: 100_000, chunkSize: 5_000, now: NOW })) {
      chunks++;
      expect(chunk.stores.length + chunk.coupons.length).toBeLessThanOrEqual(5_000);
      for (const s of chunk.stores) {
        storeKeys.add(s.key);
        slugs.add(s.slug);
      }
      for (const c of chunk.coupons) {
        couponKeys.add(c.key);
        if (!storeKeys.has(c.store_key)) dangling++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);
    expect([storeKeys.size, slugs.size, couponKeys.size, dangling, chunks]).toEqual([5_000, 5_000, 100_000, 0, 21]);
  }, 30_000);
});
