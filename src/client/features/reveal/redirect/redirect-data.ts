import { atomWithQuery } from 'jotai-tanstack-query';
import { fetchCouponUrl } from '../api/coupon-url';
import { keyed } from '../../../api/keyed';
import { isObjectId } from '../../../../shared/rules/object-id';

/** GET /v2/fetch/couponurl for one coupon id: the link the API chose for it (never cached past the page: links change). */
export const couponLinkAtom = keyed((host: string, couponId: string) =>
  atomWithQuery(() => ({
    queryKey: ['coupon-link', host, couponId] as const,
    queryFn: ({ signal }) => fetchCouponUrl(couponId, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })),
);

/**
 * The coupon id of the offer the reveal flow stored for /mr/ (localStorage 'couponId', beside readRedirect()'s keys).
 * /mr/ only trusts the stored link when the API confirms it for this id; without an id nothing is trusted.
 */
export const STORED_COUPON_ID_KEY = 'couponId';

export function storedCouponId(): string | null {
  try {
    const id = localStorage.getItem(STORED_COUPON_ID_KEY)?.trim();
    return isObjectId(id) ? id : null;
  } catch {
    return null;
  }
}
