import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateCatalogueChunks, generateDemoData } from '../../../src/server/db/seed/demo';
import { NOW } from './fixtures';

describe('demo data is reproducible', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives deep-equal output for the same seed and clock, without Math.random', () => {
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const a = generateDemoData({ seed: 7, now: NOW });
    const b = generateDemoData({ seed: 7, now: NOW });
    expect(a).toEqual(b);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(random).not.toHaveBeenCalled();
  });

  it('uses a fixed default seed', () => {
    expect(generateDemoData({ now: NOW })).toEqual(generateDemoData({ now: NOW }));
  });

  it('varies popularity, dates and coupons with the seed but keeps store identity (asset paths) fixed', () => {
    const a = generateDemoData({ seed: 1, now: NOW });
    const b = generateDemoData({ seed: 2, now: NOW });
    expect(a.stores.map((s) => s.visit_count)).not.toEqual(b.stores.map((s) => s.visit_count));
    expect(a.coupons.map((c) => c.name)).not.toEqual(b.coupons.map((c) => c.name));
    expect(a.stores.map((s) => s.slug)).toEqual(b.stores.map((s) => s.slug));
  });

  it('places dates relative to `now`', () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    const a = generateDemoData({ now: NOW });
    const b = generateDemoData({ now: later });
    const shift = (x: string | null, y: string | null) => (x && y ? Date.parse(y) - Date.parse(x) : null);
    expect(
      new Set(
        a.coupons.map((c, i) => shift(c.expiry_date, b.coupons[i]?.expiry_date ?? null)).filter((d) => d !== null),
      ),
    ).toEqual(new Set([86_400_000]));
    expect(shift(a.stores[0]?.created_at ?? null, b.stores[0]?.created_at ?? null)).toBe(86_400_000);
  });

  it('streams the same catalogue that generateDemoData builds', () => {
    const whole = generateDemoData({ stores: 90, coupons: 700, seed: 3, now: NOW });
    const chunks = [...generateCatalogueChunks({ stores: 90, coupons: 700, seed: 3, chunkSize: 64, now: NOW })];
    expect(chunks.flatMap((c) => c.stores)).toEqual(whole.stores);
    expect(chunks.flatMap((c) => c.coupons)).toEqual(whole.coupons);
    expect(chunks.every((c) => c.stores.length + c.coupons.length <= 64)).toBe(true);
  });

  it('rejects impossible counts', () => {
    expect(() => generateDemoData({ stores: -1 })).toThrow(RangeError);
    expect(() => generateDemoData({ stores: 0, coupons: 5 })).toThrow(RangeError);
    expect(() => [...generateCatalogueChunks({ stores: 5, coupons: 5, chunkSize: 0 })]).toThrow(RangeError);
  });
});
