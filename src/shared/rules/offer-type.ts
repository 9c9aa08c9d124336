import type { OfferType } from '../contract/values';

// Issue 13's offer filters: what kind of offer a coupon is. The database keeps the same two facts as generated
// columns of coupons (migration 010; tests/server/offer-filters.test.ts checks they agree with these functions).

/** A code to copy: one with a character other than ASCII white space. A coupon without one is a deal. */
export function hasOfferCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && /[^ \t\r\n\f\v]/.test(code);
}

// ASCII-only on both sides so JavaScript and PostgreSQL read the same text the same way.
const FREE_SHIPPING = /(^|[^A-Za-z0-9])free[ \t\r\n]+(shipping|delivery)([^A-Za-z0-9]|$)/i;
/** The same expression as PostgreSQL's `~*` sees it (migration 010). */
export const FREE_SHIPPING_SQL_PATTERN = '(^|[^A-Za-z0-9])free[ \\t\\r\\n]+(shipping|delivery)([^A-Za-z0-9]|$)';

/** Free shipping or delivery, said in the offer's name or title. */
export function isFreeShipping(name: string, title: string): boolean {
  return FREE_SHIPPING.test(`${name} ${title}`);
}

/** Whether a coupon is of the filter's type (a free-shipping code is both a code and free shipping). */
export function isOfferType(type: OfferType, coupon: { code: string | null; name: string; title: string }): boolean {
  if (type === 'free_shipping') return isFreeShipping(coupon.name, coupon.title);
  return hasOfferCode(coupon.code) === (type === 'code');
}
