import { atomWithMutation } from 'jotai-tanstack-query';
import type { Answer } from '../../../../shared/contract/envelopes';
import { httpUrl } from '../../../../shared/rules/http-url';
import type { CouponUrl, RecordVisitRequest } from '../../../../shared/contract/entities';
import { couponUrlPath, recordClickOutPath, recordVisitPath } from '../../../../shared/contract/queries/coupon-url';
import { ApiError, request } from '../../../api/http';

/** SPEC §7 GET /v2/fetch/couponurl: data.coupons[0].finalLink, else data.domain_link; 'API did not provide a valid link.' otherwise. */
export async function fetchCouponUrl(couponId: string, signal?: AbortSignal): Promise<string> {
  const answer = await request<Answer<CouponUrl>>(couponUrlPath, { query: { coupon_id: couponId }, signal });
  const link = httpUrl(answer.data?.coupons?.[0]?.finalLink || answer.data?.domain_link);
  if (!link) throw new ApiError('API did not provide a valid link.', 200, answer);
  return link;
}

/** Record a coupon visit or click (feeds the store's visit count and the trending stores). */
export async function recordCouponVisit(couponId: string): Promise<void> {
  const body: RecordVisitRequest = { coupon_id: couponId };
  await request(recordVisitPath, { method: 'POST', body });
}

/**
 * A click-out: the shopper leaves for the merchant of this coupon. Fire-and-forget, sent even as this page unloads; the
 * server records it with the shopper's A/B layout variants (their cookie), and adds nothing to the visit count.
 */
export function recordClickOut(couponId: string): void {
  void request(recordClickOutPath, { method: 'POST', body: { coupon_id: couponId }, keepalive: true }).catch(
    () => undefined,
  );
}

export const couponUrlMutationAtom = atomWithMutation<string, string, unknown>(() => ({
  mutationKey: ['coupon-url'],
  mutationFn: (couponId) => fetchCouponUrl(couponId),
}));

export const recordVisitMutationAtom = atomWithMutation<void, string, unknown>(() => ({
  mutationKey: ['record-visit'],
  mutationFn: recordCouponVisit,
  retry: 2,
}));
