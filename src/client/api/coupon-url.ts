import { atomWithMutation } from 'jotai-tanstack-query';
import type { ApiAnswer } from '../../shared/api/entities';
import { httpUrl } from '../../shared/rules/http-url';
import { ApiError, request } from './http';

interface CouponUrlAnswer {
  coupons: { _id: string; finalLink: string | null; link: string | null; expired?: boolean }[];
  domain_link: string | null;
}

/** SPEC §7 GET /v2/fetch/couponurl: data.coupons[0].finalLink, else data.domain_link; 'API did not provide a valid link.' otherwise. */
export async function fetchCouponUrl(couponId: string, signal?: AbortSignal): Promise<string> {
  const answer = await request<ApiAnswer<CouponUrlAnswer>>('/v2/fetch/couponurl', { query: { coupon_id: couponId }, signal });
  const link = httpUrl(answer.data?.coupons?.[0]?.finalLink || answer.data?.domain_link);
  if (!link) throw new ApiError('API did not provide a valid link.', 200, answer);
  return link;
}

/** Record a coupon visit or click (feeds the store's visit count and the trending stores). */
export async function recordCouponVisit(couponId: string): Promise<void> {
  await request('/api/end-user/coupon/record-visit', { method: 'POST', body: { coupon_id: couponId } });
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
