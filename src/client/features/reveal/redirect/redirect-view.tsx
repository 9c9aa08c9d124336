import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import type { Coupon } from '../../../../shared/contract/entities';
import { couponByIdAtom } from '../../../api/coupon-pages';
import { bootstrapAtom } from '../../../lib/bootstrap-atom';
import { usePageTitle } from '../../../lib/page-title';
import { SiteLogo } from '../../../components/chrome/site-logo';
import { storeNameOf, storePath } from '../../../components/deals/coupon-fields';
import { pageSettings } from '../../../config/page-settings';
import { CountdownGo } from './countdown-go';
import { useNoReferrer } from './leave';
import { RedirectCoupon, RedirectCouponSkeleton } from './redirect-coupon';
import { couponLinkAtom } from './redirect-data';
import { RedirectProblem } from './redirect-problem';
import { resolveTarget, type Target } from './verified-link';
import { ZeroOpened } from './zero-opened';
import { VoteBox } from '../vote/vote-box';
import './redirect.css';

export interface RedirectViewProps {
  couponId: string;
  /** A link from the address bar or local storage: followed only if the API returned it for couponId. */
  candidate?: string | null;
  /** 'countdown': go on to the merchant; 'zero': the merchant already opened in a new tab (couponzr). */
  mode: 'countdown' | 'zero';
  /** Leave without a referrer ('zero-redirect-without-refer'); decided from the loaded coupon. */
  noReferrer: (coupon: Coupon | undefined) => boolean;
  /** The route's storeName, shown until the coupon has loaded. */
  routeStore?: string;
  /** Site logo on top: the 'mr' paths have no header. */
  brand?: boolean;
}

/** A redirect page for one coupon id: the coupon, then the merchant link the API gave for that id, or an error. */
export function RedirectView({
  couponId,
  candidate,
  mode,
  noReferrer,
  routeStore = '',
  brand = false,
}: RedirectViewProps) {
  const host = useAtomValue(bootstrapAtom).host;
  const coupon = useAtomValue(couponByIdAtom(host, couponId));
  const link = useAtomValue(couponLinkAtom(host, couponId));
  const target = resolveTarget(link, coupon, candidate);
  const { key } = useLocation();
  const withoutReferrer = noReferrer(coupon.data);
  useNoReferrer(withoutReferrer);
  const store = coupon.data ? storeNameOf(coupon.data) : routeStore;
  usePageTitle(store ? `${store} offer` : 'Your offer');
  // A shopper answering "Did this code work?" is not taken away by the countdown mid-answer.
  const [voting, setVoting] = useState(false);

  const action = (found: Coupon | undefined, t: Target) => {
    const path = found ? storePath(found) : null;
    if (t.state === 'pending')
      return (
        <p className="redirect-wait" role="status">
          Getting your link…
        </p>
      );
    if (t.state === 'error') return <RedirectProblem message={t.message} storePath={path} storeName={store} />;
    if (mode === 'zero')
      return (
        <ZeroOpened link={t.link} couponId={couponId} storeName={store} storePath={path} opened={key !== 'default'} />
      );
    return (
      <CountdownGo
        link={t.link}
        couponId={couponId}
        storeName={store}
        seconds={pageSettings.redirectCountdownSeconds}
        noReferrer={withoutReferrer}
        hold={voting}
      />
    );
  };

  return (
    <div className={`page redirect-page redirect-page-${mode}`}>
      {brand && <SiteLogo className="redirect-brand" priority />}
      {coupon.status === 'pending' ? (
        <RedirectCouponSkeleton />
      ) : coupon.data ? (
        <RedirectCoupon coupon={coupon.data}>{action(coupon.data, target)}</RedirectCoupon>
      ) : (
        <div className="redirect-card">{action(undefined, target)}</div>
      )}
      {coupon.status !== 'error' && (
        <div className="redirect-vote">
          <VoteBox coupon={coupon.data} onEngage={() => setVoting(true)} />
        </div>
      )}
    </div>
  );
}
