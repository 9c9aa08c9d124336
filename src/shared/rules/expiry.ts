import { parseDate } from './parse-date';

/**
 * SPEC §4: a coupon is expired once its expiry instant is reached (when its countdown shows 'Expired'); no or
 * unparsable expiry never expires. The reveal link, the API's /v2/fetch/couponurl and the countdown all use it.
 */
export function isExpired(expiry: string | Date | null | undefined, now: Date): boolean {
  const at = parseDate(expiry);
  return at !== null && at.getTime() <= now.getTime();
}
