import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Coupon } from '../../../../shared/contract/entities';
import { SiteLogo } from '../../../components/chrome/site-logo';
import { CANNOT_GET_URL } from '../reveal-error';
import { readRedirect } from '../reveal-storage';
import { isObjectId } from '../../../../shared/rules/object-id';
import { storedCouponId } from './redirect-data';
import { RedirectProblem } from './redirect-problem';
import { RedirectView } from './redirect-view';
import './redirect.css';

const WITHOUT_REFER = 'zero-redirect-without-refer';

/** Read once per page: the stored offer must not change under a running countdown. */
function useStoredOffer() {
  const [offer] = useState(() => ({ entry: readRedirect(), couponId: storedCouponId() }));
  return offer;
}

/**
 * The redirect area (SPEC §2, no header or footer: the shell leaves them out on 'mr' paths).
 * /mr/store/:storeName/coupon/:couponId/:redirectionType: the API link of that coupon id.
 * /mr and /mr/:link: the offer the reveal stored, followed only when its coupon id is confirmed by the API and the
 * link (or the :link segment) is exactly one the API returned for it. Leaves without a referrer: the reveal sends
 * 'zero-redirect-without-refer' offers here.
 */
export function MrPage() {
  const params = useParams();
  const stored = useStoredOffer();
  if (params.couponId !== undefined) {
    if (!isObjectId(params.couponId)) return <MrProblem />;
    const routeType = params.redirectionType;
    const noReferrer = (coupon: Coupon | undefined) =>
      routeType === WITHOUT_REFER || coupon?.store_id?.desktop_redirection_type === WITHOUT_REFER;
    return (
      <RedirectView
        key={params.couponId}
        couponId={params.couponId}
        mode="countdown"
        noReferrer={noReferrer}
        routeStore={params.storeName}
        brand
      />
    );
  }
  if (!stored.couponId) return <MrProblem />;
  const candidate = params.link ?? stored.entry?.link ?? null;
  const noReferrer = (coupon: Coupon | undefined) =>
    coupon?.store_id?.desktop_redirection_type !== 'zero-redirect-with-refer';
  return (
    <RedirectView
      key={stored.couponId}
      couponId={stored.couponId}
      candidate={candidate}
      mode="countdown"
      noReferrer={noReferrer}
      brand
    />
  );
}

function MrProblem() {
  return (
    <div className="page redirect-page">
      <SiteLogo className="redirect-brand" priority />
      <div className="redirect-card">
        <RedirectProblem message={CANNOT_GET_URL} />
      </div>
    </div>
  );
}
