// Entry points: the whole demo data set, or the catalogue streamed in chunks for large seeds.
import { makeCoupon } from './coupons';
import { DEALS_INFO, FEATURE_CARDS, makeRatings } from './extras';
import { CATEGORIES } from './names';
import { makeStore } from './stores';
import { makeTenants } from './tenants';
import type { ChunkOptions, DemoCoupon, DemoData, DemoStore, GenerateOptions } from './types';

export const DEFAULT_SEED = 20240611;
export const DEFAULT_STORES = 72;
export const DEFAULT_COUPONS = 480;

function count(value: number | undefined, fallback: number, name: string): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  return n;
}

function checkCounts(stores: number, coupons: number): void {
  if (coupons > 0 && stores === 0) throw new RangeError('coupons need at least one store');
}

export function generateDemoData(opts: GenerateOptions = {}): DemoData {
  const stores = count(opts.stores, DEFAULT_STORES, 'stores');
  const coupons = count(opts.coupons, DEFAULT_COUPONS, 'coupons');
  checkCounts(stores, coupons);
  const seed = opts.seed ?? DEFAULT_SEED;
  const now = opts.now ?? new Date();
  const storeList: DemoStore[] = [];
  for (let i = 0; i < stores; i++) storeList.push(makeStore(i, seed, now));
  const couponList: DemoCoupon[] = [];
  for (let j = 0; j < coupons; j++) couponList.push(makeCoupon(j, seed, stores, now));
  return {
    categories: [...CATEGORIES],
    stores: storeList,
    coupons: couponList,
    tenants: makeTenants(stores, now),
    ratings: makeRatings(seed, stores),
    feature_cards: FEATURE_CARDS.map((c) => ({ ...c })),
    deals_info: DEALS_INFO.map((d) => ({ ...d })),
  };
}

/** Stores first (coupons empty), then coupons (stores empty): every store a coupon names was yielded before it. */
export function* generateCatalogueChunks(
  opts: ChunkOptions,
): Generator<{ stores: DemoStore[]; coupons: DemoCoupon[] }> {
  const stores = count(opts.stores, 0, 'stores');
  const coupons = count(opts.coupons, 0, 'coupons');
  const chunkSize = count(opts.chunkSize, 1000, 'chunkSize');
  if (chunkSize === 0) throw new RangeError('chunkSize must be positive');
  checkCounts(stores, coupons);
  const seed = opts.seed ?? DEFAULT_SEED;
  const now = opts.now ?? new Date();
  for (let start = 0; start < stores; start += chunkSize) {
    const chunk: DemoStore[] = [];
    for (let i = start; i < Math.min(stores, start + chunkSize); i++) chunk.push(makeStore(i, seed, now));
    yield { stores: chunk, coupons: [] };
  }
  for (let start = 0; start < coupons; start += chunkSize) {
    const chunk: DemoCoupon[] = [];
    for (let j = start; j < Math.min(coupons, start + chunkSize); j++) chunk.push(makeCoupon(j, seed, stores, now));
    yield { stores: [], coupons: chunk };
  }
}
