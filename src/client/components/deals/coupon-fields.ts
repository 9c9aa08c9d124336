import type { Coupon } from '../../../shared/contract/entities';
import { cut } from '../../../shared/rules/cut';
import { hasOfferCode } from '../../../shared/rules/offer-type';

// Coupons carry their store twice (store and store_id, SPEC §3); these read whichever is filled in.

export function storeNameOf(coupon: Coupon): string {
  return coupon.store?.name || coupon.store_id?.name || '';
}

export function storeSlugOf(coupon: Coupon): string {
  return coupon.store?.slug || coupon.store_id?.slug || '';
}

/** The store's slug, else its name: the {storeName} segment of the couponsredirect / couponzr routes. */
export function storeSlugOrNameOf(coupon: Coupon): string {
  return storeSlugOf(coupon) || storeNameOf(coupon);
}

export function storeImageOf(coupon: Coupon): string | null {
  return coupon.store?.image || coupon.store_id?.image || coupon.image || null;
}

/** SPEC §2 card tag: the store name, or the category, cut to `max` plus the ellipsis. */
export function dealTag(coupon: Coupon, max: number, ellipsis: string): string {
  return cut(storeNameOf(coupon) || coupon.category, max, ellipsis);
}

/** In-app store page of a coupon's store; null when the coupon names no store slug. */
export function storePath(coupon: Coupon): string | null {
  const slug = storeSlugOf(coupon);
  return slug ? `/store/${encodeURIComponent(slug)}` : null;
}

/** A code to copy, or a deal that needs none. */
export function hasCode(coupon: Coupon): boolean {
  return hasOfferCode(coupon.code);
}
