import { useParams, useSearchParams } from 'react-router-dom';

/** The coupon id a home URL carries: ?coupon=<id>, else a :couponId route param; null when none. */
export function useCouponParam(): string | null {
  const [params] = useSearchParams();
  const { couponId } = useParams();
  return (params.get('coupon') ?? couponId ?? '').trim() || null;
}
