import { lazy, Suspense, type CSSProperties } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import type { Coupon } from '../../shared/contract/entities';
import type { DealGridSlice, RecommendedDealsSettings } from '../../shared/layout/types';
import { RotatingBanner } from '../../client/components/banners/rotating-banner';
import { bannerSize } from '../../shared/rules/banner-size';
import { LandingDealCard } from '../../client/components/deals/landing-deal-card';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { chosenCouponAtom } from '../../client/features/reveal/chosen-coupon';
import { useOpenCouponRedirect } from '../../client/features/reveal/use-reveal';
import { dealsFeedAtom, type DealsFeed } from '../../client/section-kit/deals/deals-feed';
import { DealCardSkeleton, DealsEmpty, DealsError } from '../../client/section-kit/deals/section-states';
import '../../client/section-kit/deals/deals.css';

// The redirect step shows only after a shopper chooses a deal: its code comes then, not with the page.
const RedirectStep = lazy(() =>
  import('../../client/features/reveal/redirect-step').then((m) => ({ default: m.RedirectStep })),
);

/**
 * Landing layout's recommended deals (SPEC §2): a rotating vertical banner beside grids cut from one list.
 * 'redirect-step' stores the chosen coupon and shows the redirect step; 'new-tab' records the visit and opens
 * /couponsredirect/coupon/{storeSlugOrName}/{couponId}.
 */
function RecommendedDeals({ id, settings, data, context }: SectionProps<RecommendedDealsSettings, DealsFeed>) {
  const feed = useAtomValue(data!);
  const [chosen, setChosen] = useAtom(chosenCouponAtom);
  const openRedirect = useOpenCouponRedirect();
  const titleId = `${id}-title`;
  const actions: Record<DealGridSlice['action'], (coupon: Coupon) => void> = {
    'redirect-step': setChosen,
    'new-tab': openRedirect,
  };

  return (
    <div
      className="recommended-deals"
      aria-labelledby={settings.title ? titleId : undefined}
      role={settings.title ? 'region' : undefined}
    >
      {settings.title && (
        <h2 className="section-title" id={titleId}>
          {settings.title}
        </h2>
      )}
      <div className="deals-with-banner">
        <div className="deals-with-banner-main">
          {feed.status === 'error' ? (
            <DealsError onRetry={feed.refetch} />
          ) : feed.status === 'success' && feed.coupons.length === 0 ? (
            <DealsEmpty />
          ) : (
            settings.grids.map((slice, index) => (
              <SliceGrid key={index} slice={slice} feed={feed} settings={settings} onAction={actions[slice.action]} />
            ))
          )}
        </div>
        <aside
          className="deals-with-banner-aside"
          aria-label="Sponsored"
          style={{ '--deals-banner-width': `${bannerSize(settings.banner.dimension).width}px` } as CSSProperties}
        >
          <RotatingBanner settings={settings.banner} host={context.host} />
        </aside>
      </div>
      {chosen && (
        <Suspense fallback={null}>
          <RedirectStep coupon={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** One grid cut from the list (its offset and count), each card doing the grid's action. */
function SliceGrid(props: {
  slice: DealGridSlice;
  feed: DealsFeed;
  settings: RecommendedDealsSettings;
  onAction: (coupon: Coupon) => void;
}) {
  const { slice, feed, settings } = props;
  const coupons: (Coupon | null)[] =
    feed.status === 'pending'
      ? Array.from({ length: slice.count }, () => null)
      : feed.coupons.slice(slice.offset, slice.offset + slice.count);
  if (coupons.length === 0) return null;
  return (
    <ul
      className="deal-grid-list recommended-deals-grid"
      role="list"
      data-action={slice.action}
      aria-busy={feed.status === 'pending'}
    >
      {coupons.map((coupon, i) => (
        <li key={coupon?._id ?? `s${i}`} className="deal-grid-cell">
          {coupon ? (
            <LandingDealCard
              coupon={coupon}
              nameCut={settings.nameCut}
              tagCut={settings.tagCut}
              ellipsis={settings.ellipsis}
              expiryLabel={settings.expiryLabel}
              expiryChars={settings.expiryChars}
              buttonLabel={settings.buttonLabel}
              onAction={props.onAction}
              verificationBadge={settings.verificationBadge}
            />
          ) : (
            <DealCardSkeleton />
          )}
        </li>
      ))}
    </ul>
  );
}

export default defineSection('recommended-deals', {
  component: RecommendedDeals,
  data: (s, ctx) => dealsFeedAtom(ctx.host, s.source, s.fetchLimit),
});
