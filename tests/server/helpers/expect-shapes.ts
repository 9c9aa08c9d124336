import { expect } from 'vitest';
import type { DemoData } from '../../../src/server/db/seed/demo';
import { idFromKey } from '../../../src/server/db/ids';
import type { Coupon } from '../../../src/shared/contract/entities';

// Field checks shared by the coupon and store tests, plus expectations computed from the demo data.
export const COUPON_FIELDS = [
  '_id',
  'name',
  'title',
  'description',
  'category',
  'image',
  'expiry_date',
  'link',
  'finalLink',
  'domain_link',
  'code',
  'store',
  'store_id',
];

export function expectCouponShape(c: Coupon): void {
  for (const f of COUPON_FIELDS) expect(c, `coupon field ${f}`).toHaveProperty(f);
  expect(c._id).toMatch(/^[0-9a-f]{24}$/);
  expect(Object.keys(c.store).sort()).toEqual(['image', 'name', 'slug']);
  expect(Object.keys(c.store_id).sort()).toEqual(['_id', 'desktop_redirection_type', 'image', 'name', 'slug']);
  expect(c.code === null || typeof c.code === 'string').toBe(true);
}

/** The coupons a tenant lists: those of published stores that are neither archived nor paused. */
export function listedCoupons(data: DemoData, tenantKey: string): DemoData['coupons'] {
  const t = data.tenants.find((x) => x.key === tenantKey);
  const published = new Set(t?.store_keys ?? []);
  const active = new Set(data.stores.filter((s) => !s.is_archived && !s.is_paused).map((s) => s.key));
  return data.coupons.filter((c) => published.has(c.store_key) && active.has(c.store_key));
}

export function activeStores(data: DemoData, tenantKey: string): DemoData['stores'] {
  const published = new Set(data.tenants.find((x) => x.key === tenantKey)?.store_keys ?? []);
  return data.stores.filter((s) => published.has(s.key) && !s.is_archived && !s.is_paused);
}

export const storeId = (key: string): string => idFromKey('store', key);
export const couponId = (key: string): string => idFromKey('coupon', key);

export const isExpired = (c: { expiry_date: string | null }, now = Date.now()): boolean =>
  c.expiry_date !== null && Date.parse(c.expiry_date) < now;
