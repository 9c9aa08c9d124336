import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../lib/toast';
import type { Coupon } from '../../../shared/contract/entities';
import { openCouponRedirect, runReveal } from './run-reveal';

/** Toast id: a second failing click replaces the message instead of stacking it. */
const ERROR_TOAST_ID = 'coupon-reveal-error';

/**
 * The SPEC §4 coupon reveal for Show code / View / Continue to store buttons. Call the returned function
 * directly in the click handler (it opens the new tab synchronously); it never throws, errors are toasts.
 */
export function useReveal(): (coupon: Coupon) => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (coupon: Coupon) =>
      runReveal(coupon, { navigate, pathname, notify: (message) => showToast('error', message, ERROR_TOAST_ID) }),
    [navigate, pathname],
  );
}

/** The landing layout's new-tab action: record the visit, open /couponsredirect/coupon/{store}/{id}. */
export function useOpenCouponRedirect(): (coupon: Coupon) => void {
  return useCallback((coupon: Coupon) => openCouponRedirect(coupon), []);
}
