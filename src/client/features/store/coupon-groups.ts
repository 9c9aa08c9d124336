import type { Coupon } from '../../../shared/contract/entities';
import { isExpired } from '../../../shared/rules';

/** Active offers first, expired ones apart (shown muted in their own group); the API's order is kept inside each. */
export function splitByExpiry(coupons: readonly Coupon[], now: Date): { active: Coupon[]; expired: Coupon[] } {
  const active: Coupon[] = [];
  const expired: Coupon[] = [];
  for (const c of coupons) (isExpired(c.expiry_date, now) ? expired : active).push(c);
  return { active, expired };
}
