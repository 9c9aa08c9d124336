import { useId } from 'react';
import { useAtomValue } from 'jotai';
import type { Coupon } from '../../../shared/contract/entities';
import { DealCard } from '../../components/deals/deal-card';
import { minuteClockAtom } from '../../components/deals/minute-clock';
import { useReveal } from '../reveal/use-reveal';
import { pageSettings } from '../../config/page-settings';
import { splitByExpiry } from './coupon-groups';
import './deal-list.css';

/** SPEC §2 deal cards, one a row; the View button runs the reveal (category form of the path on /category/...). */
export function DealList({ coupons, label }: { coupons: readonly Coupon[]; label?: string }) {
  const reveal = useReveal();
  return (
    <ul className="deal-list" aria-label={label}>
      {coupons.map((c) => (
        <li key={c._id} className="deal-list-item">
          <DealCard coupon={c} {...pageSettings.dealCard} headingLevel={3} onReveal={(coupon) => void reveal(coupon)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Active offers under `activeTitle`, then the expired ones in their own muted "Expired offers" group, each heading
 * with a badge of how many it lists. With `total` (the store page, whose title names all its offers), the title's badge
 * is instead what the page's summary counts ("23 offers · page 1 of 2": every page of this filter), so the two never
 * disagree (issue 26), and the expired group carries no second number.
 */
export function CouponGroups({
  coupons,
  activeTitle,
  total,
}: {
  coupons: readonly Coupon[];
  activeTitle: string;
  total?: number;
}) {
  const now = useAtomValue(minuteClockAtom);
  const { active, expired } = splitByExpiry(coupons, new Date(now));
  const activeId = useId();
  const expiredId = useId();
  return (
    <>
      <section className="coupon-group" aria-labelledby={activeId}>
        <h2 id={activeId} className="coupon-group-title">
          {activeTitle} <span className="coupon-group-count">{total ?? active.length}</span>
        </h2>
        {active.length > 0 ? (
          <DealList coupons={active} />
        ) : (
          <p className="coupon-group-none muted">
            No active offers here right now — the expired ones below may still be worth a try.
          </p>
        )}
      </section>
      {expired.length > 0 && (
        <section className="coupon-group coupon-group-expired" aria-labelledby={expiredId}>
          <h2 id={expiredId} className="coupon-group-title">
            Expired offers {total === undefined && <span className="coupon-group-count">{expired.length}</span>}
          </h2>
          <p className="coupon-group-note muted">These have passed their end date and may no longer work.</p>
          <DealList coupons={expired} />
        </section>
      )}
    </>
  );
}

/** Placeholder cards of the final size while a page of coupons loads. */
export function DealListSkeleton({ count }: { count: number }) {
  return (
    <ul className="deal-list" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="deal-list-item">
          <div className="deal-list-skeleton skeleton" />
        </li>
      ))}
    </ul>
  );
}
