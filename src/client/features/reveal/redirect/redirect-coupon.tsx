import type { ReactNode } from 'react';
import type { Coupon } from '../../../../shared/contract/entities';
import { formatExpiry } from '../../../../shared/rules/expiry-format';
import { isExpired } from '../../../../shared/rules/expiry';
import { hasCode, storeNameOf } from '../../../components/deals/coupon-fields';
import { StoreLogo } from '../../../components/deals/store-logo';
import { RichText } from '../../../components/rich-text';
import { CodeBox } from './code-box';

/** The offer on a redirect page: store (logo, name), the coupon's name and text, its code or "No code needed". */
export function RedirectCoupon({ coupon, children }: { coupon: Coupon; children?: ReactNode }) {
  const store = storeNameOf(coupon);
  const expiry = coupon.expiry_date ? formatExpiry(coupon.expiry_date) : '';
  const expired = isExpired(coupon.expiry_date, new Date());
  return (
    <article className="redirect-card" aria-labelledby="redirect-title">
      <div className="redirect-store">
        <StoreLogo coupon={coupon} className="redirect-store-logo" />
        {store && <p className="redirect-store-name">{store}</p>}
      </div>
      <RichText as="h1" id="redirect-title" className="redirect-title" text={coupon.name || coupon.title} />
      {coupon.description && <RichText as="p" className="redirect-text" text={coupon.description} />}
      {hasCode(coupon) ? (
        <CodeBox code={(coupon.code ?? '').trim()} />
      ) : (
        <p className="redirect-nocode">
          <strong>No code needed</strong>
          <span>The discount is applied at the store.</span>
        </p>
      )}
      {expiry && <p className="redirect-expiry">{expired ? `Expired on ${expiry}` : `Valid until ${expiry}`}</p>}
      {children}
    </article>
  );
}

/** Same size as the card, while the coupon loads. */
export function RedirectCouponSkeleton() {
  return (
    <div className="redirect-card" aria-busy="true" aria-label="Loading the offer">
      <div className="skeleton redirect-skeleton-logo" />
      <div className="skeleton redirect-skeleton-line" />
      <div className="skeleton redirect-skeleton-code" />
      <div className="skeleton redirect-skeleton-button" />
    </div>
  );
}
