import type { Coupon } from '../../../shared/contract/entities';
import { isExpired } from '../../../shared/rules';
import { hasCode } from '../../components/deals/coupon-fields';

/** The store page's filter tabs: every offer, only codes (something to copy), only deals (no code needed). */
export const COUPON_FILTERS = ['all', 'codes', 'deals'] as const;
export type CouponFilter = (typeof COUPON_FILTERS)[number];

/** The filter named in the address (?show=codes); anything else is 'all'. */
export function parseCouponFilter(value: string | null | undefined): CouponFilter {
  return COUPON_FILTERS.find((f) => f === value) ?? 'all';
}

export function filterCoupons(coupons: readonly Coupon[], filter: CouponFilter): Coupon[] {
  if (filter === 'all') return [...coupons];
  const wantCode = filter === 'codes';
  return coupons.filter((c) => hasCode(c) === wantCode);
}

export function countByFilter(coupons: readonly Coupon[]): Record<CouponFilter, number> {
  const codes = coupons.filter(hasCode).length;
  return { all: coupons.length, codes, deals: coupons.length - codes };
}

/** Active offers first, expired ones apart (shown muted in their own group); the API's order is kept inside each. */
export function splitByExpiry(coupons: readonly Coupon[], now: Date): { active: Coupon[]; expired: Coupon[] } {
  const active: Coupon[] = [];
  const expired: Coupon[] = [];
  for (const c of coupons) (isExpired(c.expiry_date, now) ? expired : active).push(c);
  return { active, expired };
}
