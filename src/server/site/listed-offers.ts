import type { InlinedQuery } from '../../shared/contract/bootstrap';
import type { Coupon } from '../../shared/contract/entities';
import {
  allDealsKey,
  couponsByCategoryKey,
  latestCouponsKey,
  recommendedCouponsKey,
  searchCouponsKey,
} from '../../shared/contract/queries/index';
import { HOME_VARIANTS } from '../../shared/spa-routes';

// The coupons a server-drawn listing or home page shows, read from the answers it was drawn with (the same bytes the browser
// hydrates from), so its JSON-LD Offers are exactly the deals on the page. The store page's come from its head data.

/** Home's deal sections: the recommended and the latest lists (their deals behind "Show more" are on the page too). */
const HOME_LISTS = [recommendedCouponsKey('', 1)[2], latestCouponsKey('', 1, 1)[2]];

/** Route → the query kinds (key[2] of the contract's query keys) of its lists of deals. */
const LISTS: Readonly<Record<string, readonly string[]>> = {
  '/category/:category': [couponsByCategoryKey('', '', 1, 1, '')[2]],
  '/coupons': [allDealsKey('', 1, 1, '')[2]],
  '/searchpage': [searchCouponsKey('', '', 1, 1, '')[2]],
  '/': HOME_LISTS,
  ...Object.fromEntries(Object.values(HOME_VARIANTS).map((path) => [path, HOME_LISTS])),
};

const isCoupon = (v: unknown): v is Coupon =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Partial<Coupon>)._id === 'string' &&
  typeof (v as Partial<Coupon>).store?.slug === 'string';

/** A list answer's coupons: a page ({ data: [...] }) or the list itself. */
const itemsOf = (answer: unknown): unknown[] => {
  const items = Array.isArray(answer) ? answer : (answer as { data?: unknown } | null)?.data;
  return Array.isArray(items) ? items : [];
};

/** The coupons of the page's own lists, each once (none on other routes, or when it was not drawn). */
export function listedCoupons(route: string | null, queries: readonly InlinedQuery[]): Coupon[] {
  const kinds = route === null ? undefined : LISTS[route];
  if (!kinds) return [];
  const byId = new Map<string, Coupon>();
  for (const q of queries) {
    if (q.key[0] !== 'coupons' || !kinds.includes(String(q.key[2]))) continue;
    for (const c of itemsOf(q.data)) if (isCoupon(c) && !byId.has(c._id)) byId.set(c._id, c);
  }
  return [...byId.values()];
}
