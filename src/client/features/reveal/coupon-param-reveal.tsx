import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { showToast } from '../../lib/toast';
import { httpUrl } from '../../../shared/rules/http-url';
import { revealLink } from '../../../shared/rules/reveal-link';
import { clickOutHref, clickPageOf } from '../../../shared/revenue/click-rules';
import { fetchCouponUrl, recordClickOut } from './api/coupon-url';
import { fetchCouponById } from '../../api/coupon-pages';
import { revealErrorMessage } from './reveal-error';
import { useCouponParam } from './coupon-param';
import './coupon-param-reveal.css';

export { useCouponParam };

/** Opens `link` in a new tab (noopener); false when the browser blocked the tab (no click started it). */
function tryOpen(link: string): boolean {
  const tab = window.open('about:blank', '_blank');
  if (!tab) return false;
  tab.opener = null;
  tab.location.replace(link);
  return true;
}

/**
 * SPEC §2 "a coupon route param on home fetches the coupon by id; once loaded its redirect link opens in a
 * new tab". Returns the link when the browser blocked that tab, so the page can offer it as a link instead.
 */
export function useCouponParamReveal(): { blockedLink: string | null; dismiss: () => void; opened: () => void } {
  const id = useCouponParam();
  const page = clickPageOf(useLocation().pathname);
  const [blockedLink, setBlockedLink] = useState<string | null>(null);
  // Once per id: a re-render (or StrictMode's second effect run) must not open a second tab.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!id || handled.current === id) return;
    handled.current = id;
    fetchCouponById(id)
      .then((coupon) => httpUrl(revealLink(coupon, new Date())) ?? fetchCouponUrl(coupon._id))
      // The link is known to exist; the shopper leaves through /out, which tags it with the click's sub-ID (issue 31).
      .then(() => {
        const out = clickOutHref(id, page);
        if (tryOpen(out)) recordClickOut(id);
        else setBlockedLink(out);
      })
      .catch((error: unknown) => showToast('error', revealErrorMessage(error), 'coupon-param'));
  }, [id, page]);

  const dismiss = () => setBlockedLink(null);
  // The offer link clicked: a click-out of the coupon whose link it is.
  const opened = () => {
    if (id) recordClickOut(id);
    dismiss();
  };
  return { blockedLink, dismiss, opened };
}

/** Mount on home: handles the coupon param and, if the new tab was blocked, offers the link in a notice. */
export function CouponParamReveal() {
  const { blockedLink, dismiss, opened } = useCouponParamReveal();
  if (!blockedLink) return null;
  return (
    <div className="coupon-param-notice" role="status">
      <span>Your offer is ready.</span>
      <a
        className="btn btn-primary"
        href={blockedLink}
        target="_blank"
        rel="sponsored nofollow noopener"
        onClick={opened}
      >
        Open the offer
      </a>
      <button type="button" className="coupon-param-dismiss" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
