import type { Coupon } from '../../../shared/contract/entities';
import { httpUrl } from '../../../shared/rules/http-url';
import { revealLink } from '../../../shared/rules/reveal-link';
import { revealNewTabPath } from '../../../shared/rules/reveal-path';
import { clickOutHref, clickPageOf } from '../../../shared/revenue/click-rules';
import { fetchCouponUrl, recordClickOut, recordCouponVisit } from './api/coupon-url';
import { storeSlugOrNameOf } from '../../components/deals/coupon-fields';
import { closeTab, openInNewTab, openPendingTab, sendTab } from './open-tab';
import { revealErrorMessage } from './reveal-error';
import { forgetRedirectLink, storeRedirect } from './reveal-storage';

export interface RevealDeps {
  /** In-app navigation (react-router's navigate). */
  navigate: (to: string) => void;
  /** The current path: on /category/{x} the new tab gets the category form of the couponsredirect path. */
  pathname: string;
  /** Shows an error message (a toast). */
  notify: (message: string) => void;
  now?: () => Date;
}

const enc = encodeURIComponent;

/** The in-app zero-redirect route of SPEC §2: /couponzr/{storeSlugOrName}/{couponId}. */
export function couponzrPath(coupon: Coupon): string {
  return `/couponzr/${enc(storeSlugOrNameOf(coupon))}/${enc(coupon._id)}`;
}

/** What happens once the link is known, by the store's desktop_redirection_type (SPEC §4). */
function finish(coupon: Coupon, link: string, tab: Window | null, deps: RevealDeps): void {
  const type = coupon.store_id?.desktop_redirection_type;
  if (type === 'zero-redirect-with-refer') {
    recordClickOut(coupon._id); // the merchant opens now; the other types leave from a redirect page
    // Through /out, which records the click and tags the link with its sub-ID (issue 31); `link` exists, so it goes on.
    sendTab(tab, clickOutHref(coupon._id, clickPageOf(deps.pathname)));
    deps.navigate(couponzrPath(coupon));
  } else if (type === 'zero-redirect-without-refer') {
    storeRedirect(type, link, coupon._id);
    sendTab(tab, '/mr/');
  } else {
    storeRedirect(type || 'default', link, coupon._id);
    sendTab(tab, revealNewTabPath(deps.pathname, storeSlugOrNameOf(coupon), coupon._id));
  }
}

/**
 * SPEC §4 reveal: record the visit (fire-and-forget); link = finalLink when unexpired or without expiry,
 * else link; fetched from /v2/fetch/couponurl when not supplied; then by redirection type. Call it from
 * the click handler itself: the tab is opened before the first await so popup blockers allow it.
 */
export async function runReveal(coupon: Coupon, deps: RevealDeps): Promise<void> {
  void recordCouponVisit(coupon._id).catch(() => undefined);
  const known = httpUrl(revealLink(coupon, deps.now?.() ?? new Date()));
  if (known) {
    finish(coupon, known, null, deps);
    return;
  }
  const tab = openPendingTab();
  try {
    const link = await fetchCouponUrl(coupon._id);
    finish(coupon, link, tab, deps);
  } catch (error) {
    closeTab(tab);
    deps.notify(revealErrorMessage(error));
  }
}

/**
 * Landing layout's second grid (SPEC §2): record the visit and open /couponsredirect/coupon/{storeSlugOrName}/{couponId}
 * in a new tab. The keys of reveal-storage are written when the link is already known, so the page never reads
 * another coupon's link; otherwise it fetches the link by coupon id.
 */
export function openCouponRedirect(coupon: Coupon, now: Date = new Date()): void {
  void recordCouponVisit(coupon._id).catch(() => undefined);
  const known = httpUrl(revealLink(coupon, now));
  if (known) storeRedirect(coupon.store_id?.desktop_redirection_type || 'default', known, coupon._id);
  else forgetRedirectLink();
  openInNewTab(revealNewTabPath('/', storeSlugOrNameOf(coupon), coupon._id));
}
