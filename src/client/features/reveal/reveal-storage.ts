/**
 * Local-storage keys the reveal flow writes for the page it opens in a new tab (SPEC §4), exactly:
 *   'redirectionType' — the store's desktop_redirection_type ('default' when the store has none)
 *   'label'           — always 'Redirection'
 *   'link'            — the outbound link chosen or fetched for the coupon (http(s) only)
 *   'couponId'        — the coupon the link belongs to, so /mr/ can confirm the link with the API before using it
 * The /couponsredirect/... and /mr/ pages read them.
 */
export const REVEAL_STORAGE_KEYS = {
  redirectionType: 'redirectionType',
  label: 'label',
  link: 'link',
  couponId: 'couponId',
} as const;
export const REDIRECTION_LABEL = 'Redirection';

/** Writes the three keys; a storage that refuses (private mode, quota) must not stop the reveal. */
export function storeRedirect(redirectionType: string, link: string, couponId: string): void {
  try {
    localStorage.setItem(REVEAL_STORAGE_KEYS.redirectionType, redirectionType);
    localStorage.setItem(REVEAL_STORAGE_KEYS.label, REDIRECTION_LABEL);
    localStorage.setItem(REVEAL_STORAGE_KEYS.link, link);
    localStorage.setItem(REVEAL_STORAGE_KEYS.couponId, couponId);
  } catch {
    // The opened page can still fetch the link by coupon id.
  }
}

/** Drops a link left by an earlier reveal so the next page never uses another coupon's link. */
export function forgetRedirectLink(): void {
  try {
    localStorage.removeItem(REVEAL_STORAGE_KEYS.link);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** What the reveal stored for the opened page; null when nothing (or not all of it) is there. */
export function readRedirect(): { redirectionType: string; label: string; link: string } | null {
  try {
    const redirectionType = localStorage.getItem(REVEAL_STORAGE_KEYS.redirectionType);
    const label = localStorage.getItem(REVEAL_STORAGE_KEYS.label);
    const link = localStorage.getItem(REVEAL_STORAGE_KEYS.link);
    return redirectionType !== null && label !== null && link !== null ? { redirectionType, label, link } : null;
  } catch {
    return null;
  }
}
