import { CLICK_PAGES, type ClickPage } from './click-pages';

// Issue 31: what a click-out record keeps and for how long (docs/revenue.md "Privacy"), and which clicks count. Pure.

/**
 * Counted click-outs of one coupon from one network (an IPv4 /24 or IPv6 /64, src/shared/rules/network.ts) in 24 hours.
 * A shopper who opens the offer again, or a household sharing a line, stays well under it; a script that replays the
 * link to lower EPC (clicks are its denominator) is kept but not counted past it. Its sales still find their click.
 */
export const CLICK_NETWORK_DAILY_CAP = 10;

/** A click's network is kept this long for abuse filtering (the cap above, burst alerts), then erased. */
export const CLICK_NETWORK_DAYS = 7;

/** The first prefix that matches wins: /couponsredirect before /coupons. */
const PAGE_PREFIXES: readonly (readonly [string, ClickPage])[] = [
  ['/couponsredirect/', 'redirect'],
  ['/couponzr/', 'redirect'],
  ['/mr/', 'redirect'],
  ['/store/', 'store'],
  ['/category/', 'category'],
  ['/searchpage/', 'search'],
  ['/coupons/', 'coupons'],
];

/** The kind of page a path is, as click-outs are attributed (the home and its /home2 … variants are home). */
export function clickPageOf(pathname: string): ClickPage {
  if (pathname === '/' || pathname === '' || /^\/home\d?\/?$/.test(pathname)) return 'home';
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  return PAGE_PREFIXES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'other';
}

/** A `from` parameter as sent: one of CLICK_PAGES, anything else 'other' (it is the sender's word, not a fact). */
export const clickPageParam = (value: unknown): ClickPage =>
  typeof value === 'string' && (CLICK_PAGES as readonly string[]).includes(value) ? (value as ClickPage) : 'other';

/** `/out/<couponId>?from=<page>`: the shop's click-out link (the server tags the merchant's link and redirects). */
export const clickOutHref = (couponId: string, from: ClickPage): string =>
  `/out/${encodeURIComponent(couponId)}?from=${from}`;
