import type { InlinedQuery } from '../../shared/contract/bootstrap';
import type { Coupon } from '../../shared/contract/entities';
import { allDealsKey, couponsByCategoryKey, searchCouponsKey } from '../../shared/contract/queries/index';

// The coupons a server-drawn listing page shows, read from the answers it was drawn with (the same bytes the browser
// hydrates from), so its JSON-LD Offers are exactly the deals on the page. The store page's come from its head data.

/** Route → the query kind (key[2] of the contract's query keys) of its list of deals. */
const LISTS: Readonly<Record<string, string>> = {
  '/category/:category': couponsByCategoryKey('', '', 1, 1, '')[2],
  '/coupons': allDealsKey('', 1, 1, '')[2],
  '/searchpage': searchCouponsKey('', '', 1, 1, '')[2],
};

const isCoupon = (v: unknown): v is Coupon =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Partial<Coupon>)._id === 'string' &&
  typeof (v as Partial<Coupon>).store?.slug === 'string';

/** The coupons of the page's own list (none on other routes, or when it was not drawn). */
export function listedCoupons(route: string | null, queries: readonly InlinedQuery[]): Coupon[] {
  const kind = route === null ? undefined : LISTS[route];
  if (!kind) return [];
  const list = queries.find((q) => q.key[0] === 'coupons' && q.key[2] === kind)?.data;
  const items = typeof list === 'object' && list !== null ? (list as { data?: unknown }).data : undefined;
  return Array.isArray(items) ? items.filter(isCoupon) : [];
}
