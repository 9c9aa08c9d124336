import type { Coupon } from '../../../shared/contract/entities';
import { hasCode } from './coupon-fields';

/** Tells a code (something to copy) from a deal (just follow the link) at a glance. */
export function DealKind({ coupon }: { coupon: Coupon }) {
  const code = hasCode(coupon);
  return <span className={`deal-kind ${code ? 'deal-kind-code' : 'deal-kind-deal'}`}>{code ? 'Code' : 'Deal'}</span>;
}
