import type { Coupon } from '../../../shared/contract/entities';
import { pageSettings } from '../../config/page-settings';
import { DealCard } from '../../components/deals/deal-card';
import { useReveal } from '../reveal/use-reveal';

/** Full deal cards (SPEC §2 cuts from pageSettings.dealCard), one per row; View runs the reveal. */
export function DealList({ coupons, headingLevel }: { coupons: Coupon[]; headingLevel: 2 | 3 }) {
  const reveal = useReveal();
  return (
    <ul className="listing-deals">
      {coupons.map((c) => (
        <li key={c._id} className="listing-deals-item">
          <DealCard
            coupon={c}
            {...pageSettings.dealCard}
            headingLevel={headingLevel}
            onReveal={(coupon) => void reveal(coupon)}
          />
        </li>
      ))}
    </ul>
  );
}

/** `count` deal card outlines (logo, tag, title, description, expiry, button) while the deals load. */
export function DealListSkeleton({ count }: { count: number }) {
  return (
    <ul className="listing-deals" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="listing-deals-item">
          <div className="deal-card deal-card-full listing-deal-skeleton">
            <span className="deal-logo listing-deal-skeleton-logo skeleton" />
            <span className="deal-card-body">
              <span className="skeleton listing-skeleton-line listing-skeleton-short" />
              <span className="skeleton listing-skeleton-line listing-skeleton-title" />
              <span className="skeleton listing-skeleton-line" />
              <span className="skeleton listing-skeleton-line listing-skeleton-short" />
            </span>
            <span className="deal-cta listing-deal-skeleton-cta skeleton" />
          </div>
        </li>
      ))}
    </ul>
  );
}
