import { useParams } from 'react-router-dom';
import type { Coupon } from '../../../../shared/contract/entities';
import { CANNOT_GET_URL } from '../reveal-error';
import { isObjectId } from '../../../../shared/rules/object-id';
import { RedirectProblem } from './redirect-problem';
import { RedirectView } from './redirect-view';
import './redirect.css';

const withoutReferrer = (coupon: Coupon | undefined) =>
  coupon?.store_id?.desktop_redirection_type === 'zero-redirect-without-refer';
const keepReferrer = () => false;

/** An id the API cannot know: the SPEC §8 message at once, no request. */
function UnknownCoupon() {
  return (
    <div className="page redirect-page">
      <div className="redirect-card">
        <RedirectProblem message={CANNOT_GET_URL} />
      </div>
    </div>
  );
}

/**
 * Every /couponsredirect/... route (store, coupon, category and store forms, with or without the trailing
 * :mtrd / :s2s): the coupon and a countdown to the link the API returns for the route's coupon id.
 */
export function CouponRedirectPage() {
  const { couponId, storeName = '' } = useParams();
  if (!isObjectId(couponId)) return <UnknownCoupon />;
  return (
    <RedirectView
      key={couponId}
      couponId={couponId}
      mode="countdown"
      noReferrer={withoutReferrer}
      routeStore={storeName}
    />
  );
}

/**
 * Both /couponzr routes (zero-redirect-with-refer): the reveal already opened the merchant in a new tab, so this
 * tab shows the coupon, its code and a button to open the offer again (with the referrer, as the type says).
 */
export function ZeroRedirectPage() {
  const { couponId, storeName = '' } = useParams();
  if (!isObjectId(couponId)) return <UnknownCoupon />;
  return (
    <RedirectView key={couponId} couponId={couponId} mode="zero" noReferrer={keepReferrer} routeStore={storeName} />
  );
}
