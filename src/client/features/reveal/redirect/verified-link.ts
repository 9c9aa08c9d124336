import type { Coupon } from '../../../../shared/contract/entities';
import { httpUrl } from '../../../../shared/rules/http-url';
import { CANNOT_GET_URL, NO_VALID_LINK, revealErrorMessage } from '../reveal-error';

export type Target = { state: 'pending' } | { state: 'ready'; link: string } | { state: 'error'; message: string };

/** What a query atom gives: enough of TanStack's result to decide. */
export interface Loaded<T> {
  status: 'pending' | 'error' | 'success';
  data?: T | undefined;
  error?: unknown;
}

/** Every http(s) link the API returned for one coupon: couponurl's choice, and coupon-by-id's finalLink, link and domain_link. */
export function apiLinksOf(primary: string | null | undefined, coupon: Coupon | null | undefined): string[] {
  const links = [primary, coupon?.finalLink, coupon?.link, coupon?.domain_link].map((value) => httpUrl(value));
  return [...new Set(links.filter((value): value is string => value !== null))];
}

/**
 * The only place a redirect page learns where to go. Without a candidate: the link couponurl returned for the
 * coupon id. With a candidate (from the address bar or local storage): that link only when it is exactly one
 * the API returned for the same coupon id, else 'API did not provide a valid link.'. Never anything else.
 */
export function resolveTarget(link: Loaded<string>, coupon: Loaded<Coupon>, candidate?: string | null): Target {
  if (link.status === 'error') return { state: 'error', message: revealErrorMessage(link.error) };
  if (candidate === undefined || candidate === null) {
    const primary = link.status === 'success' ? httpUrl(link.data) : null;
    if (link.status === 'pending') return { state: 'pending' };
    return primary ? { state: 'ready', link: primary } : { state: 'error', message: NO_VALID_LINK };
  }
  if (coupon.status === 'error') return { state: 'error', message: CANNOT_GET_URL };
  if (link.status === 'pending' || coupon.status === 'pending') return { state: 'pending' };
  const wanted = httpUrl(candidate);
  const allowed = apiLinksOf(link.data, coupon.data);
  return wanted && allowed.includes(wanted)
    ? { state: 'ready', link: wanted }
    : { state: 'error', message: NO_VALID_LINK };
}
