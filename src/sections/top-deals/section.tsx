import type { CSSProperties } from 'react';
import { useAtomValue } from 'jotai';
import type { Coupon } from '../../shared/contract/entities';
import type { TopDealsSettings } from '../../shared/layout/types';
import { RotatingBanner } from '../../client/components/banners/rotating-banner';
import { bannerSize } from '../../shared/rules/banner-size';
import { FiveDealCard } from '../../client/components/deals/five-deal-card';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { useReveal } from '../../client/features/reveal/use-reveal';
import { Newsletter } from '../../client/section-kit/newsletter/newsletter';
import { dealsFeedAtom, type DealsFeed } from '../../client/section-kit/deals/deals-feed';
import { DealCardSkeleton, DealsEmpty, DealsError } from '../../client/section-kit/deals/section-states';
import '../../client/section-kit/deals/deals.css';

/** Home Page Five's Top Deals (SPEC §2): heading, tagline, newsletter box, rotating banner and up to `count` cards. */
function TopDeals({ id, settings, data, context }: SectionProps<TopDealsSettings, DealsFeed>) {
  const feed = useAtomValue(data!);
  const reveal = useReveal();
  const headingId = `${id}-heading`;
  const coupons: (Coupon | null)[] =
    feed.status === 'pending'
      ? Array.from({ length: settings.count }, () => null)
      : feed.coupons.slice(0, settings.count);

  return (
    <div className="top-deals" role="region" aria-labelledby={headingId}>
      <div className="top-deals-head">
        <div className="top-deals-intro">
          <h2 className="top-deals-heading" id={headingId}>
            {settings.heading}
          </h2>
          <p className="top-deals-tagline">{settings.tagline}</p>
        </div>
        {settings.newsletter && (
          <div className="top-deals-newsletter">
            <Newsletter id={`${id}-newsletter`} settings={settings.newsletter} data={null} context={context} />
          </div>
        )}
      </div>
      <div className="deals-with-banner">
        <div className="deals-with-banner-main">
          {feed.status === 'error' ? (
            <DealsError onRetry={feed.refetch} />
          ) : feed.status === 'success' && coupons.length === 0 ? (
            <DealsEmpty />
          ) : (
            <ul
              className="deal-grid-list top-deals-list"
              role="list"
              aria-labelledby={headingId}
              aria-busy={feed.status === 'pending'}
            >
              {coupons.map((coupon, i) => (
                <li key={coupon?._id ?? `s${i}`} className="deal-grid-cell">
                  {coupon ? (
                    <FiveDealCard
                      coupon={coupon}
                      nameCut={settings.nameCut}
                      tagCut={settings.tagCut}
                      ellipsis={settings.ellipsis}
                      expiryLabel={settings.expiryLabel}
                      expiryChars={settings.expiryChars}
                      badge={settings.badge}
                      buttonLabel={settings.buttonLabel}
                      onReveal={(c) => void reveal(c)}
                      verificationBadge={settings.verificationBadge}
                    />
                  ) : (
                    <DealCardSkeleton />
                  )}
                </li>
              ))}
            </ul>
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
    </div>
  );
}

export default defineSection('top-deals', {
  component: TopDeals,
  data: (s, ctx) => dealsFeedAtom(ctx.host, s.source, s.count),
});
