import { useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Coupon } from '../../shared/contract/entities';
import type { DealGridSettings } from '../../shared/layout/types';
import { gridSize, nextExpanded } from '../../shared/rules/grid-size';
import { insertBanners } from '../../shared/rules/insert-banners';
import { useBannerFeed } from '../../client/components/banners/use-banner-feed';
import { GridDealCard } from '../../client/components/deals/grid-deal-card';
import { defineSection, type SectionProps } from '../../client/engine/types';
import { useReveal } from '../../client/features/reveal/use-reveal';
import { BannerCell, type BannerSlot } from '../../client/section-kit/deals/banner-cell';
import { dealsFeedAtom, type DealsFeed } from '../../client/section-kit/deals/deals-feed';
import { DealCardSkeleton, DealsEmpty, DealsError } from '../../client/section-kit/deals/section-states';
import '../../client/section-kit/deals/deals.css';

/** Banners for the slots: loaded ones; a loading slot while the feed loads; an empty card only when the layout keeps slots. */
function bannerSlots(
  status: 'pending' | 'error' | 'success',
  banners: BannerSlot[],
  onlyWhenAvailable: boolean,
): BannerSlot[] {
  if (banners.length > 0) return banners;
  if (status === 'pending') return ['loading'];
  return onlyWhenAvailable ? [] : ['empty'];
}

/** Phones show two columns: a banner that starts a row may span it (readable) without leaving a hole before it. */
function wideBanners(cells: { kind: 'item' | 'banner' }[]): boolean[] {
  let column = 0;
  return cells.map((cell) => {
    if (cell.kind === 'banner' && column === 0) return true;
    column = (column + 1) % 2;
    return false;
  });
}

/** Show more / Show less: the grid's size, what it announces, and the button kept in view when the page shortens. */
function useGridToggle(settings: DealGridSettings, feed: DealsFeed) {
  const [expanded, setExpanded] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);

  function toggle() {
    const next = nextExpanded(expanded);
    setExpanded(next);
    setAnnouncement(
      `Showing ${Math.min(gridSize(next, settings.collapsed, settings.expanded), feed.coupons.length)} deals`,
    );
    // Show less shortens the page under the button: keep the (still focused) button in view.
    if (!next) requestAnimationFrame(() => toggleRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }
  return { expanded, announcement, toggleRef, toggle };
}

/** A deal's cell: its card, or a skeleton while the feed loads. */
function DealCell(props: { coupon: Coupon | null; settings: DealGridSettings; reveal: ReturnType<typeof useReveal> }) {
  const { coupon, settings, reveal } = props;
  return (
    <li className="deal-grid-cell">
      {coupon ? (
        <GridDealCard
          coupon={coupon}
          nameCut={settings.nameCut}
          tagCut={settings.tagCut}
          ellipsis={settings.ellipsis}
          buttonLabel={settings.buttonLabel}
          onReveal={(c) => void reveal(c)}
          verificationBadge={settings.verificationBadge}
        />
      ) : (
        <DealCardSkeleton />
      )}
    </li>
  );
}

/**
 * SPEC §2/§4 deal grid: `collapsed` cards, `expanded` after Show more (and back on Show less), banner cards
 * at their 1-based positions; every number and label from the section's settings.
 */
function DealGrid({ settings, data, context }: SectionProps<DealGridSettings, DealsFeed>) {
  const feed = useAtomValue(data!);
  const banners = useBannerFeed(context.host, settings.bannerSource, settings.bannerDimension);
  const reveal = useReveal();
  const { expanded, announcement, toggleRef, toggle } = useGridToggle(settings, feed);
  const gridId = useId();
  const titleId = `${gridId}-title`;

  const size = gridSize(expanded, settings.collapsed, settings.expanded);
  const items: (Coupon | null)[] =
    feed.status === 'pending'
      ? Array.from({ length: gridSize(false, settings.collapsed, settings.expanded) }, () => null)
      : feed.coupons.slice(0, size);
  const slots = bannerSlots(banners.status, banners.banners, settings.bannersOnlyWhenAvailable);
  const cells = insertBanners(items, slots, settings.bannerPositions);
  const wide = wideBanners(cells);
  const canToggle =
    feed.status === 'success' && settings.collapsed < settings.expanded && feed.coupons.length > settings.collapsed;

  return (
    <div className="deal-grid">
      {settings.title && (
        <h2 className="section-title" id={titleId}>
          {settings.title}
        </h2>
      )}
      {feed.status === 'error' ? (
        <DealsError onRetry={feed.refetch} />
      ) : feed.status === 'success' && feed.coupons.length === 0 ? (
        <DealsEmpty />
      ) : (
        <ul
          id={gridId}
          className="deal-grid-list"
          role="list"
          aria-labelledby={settings.title ? titleId : undefined}
          aria-busy={feed.status === 'pending'}
        >
          {cells.map((cell, i) =>
            cell.kind === 'banner' ? (
              <BannerCell
                key={`b${cell.position}`}
                slot={cell.banner}
                position={cell.position}
                dimension={settings.bannerDimension}
                wide={wide[i] ?? false}
              />
            ) : (
              <DealCell
                key={cell.item?._id ?? `s${cell.index}`}
                coupon={cell.item}
                settings={settings}
                reveal={reveal}
              />
            ),
          )}
        </ul>
      )}
      {canToggle && (
        <div className="deal-grid-toggle">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-secondary"
            aria-expanded={expanded}
            aria-controls={gridId}
            onClick={toggle}
          >
            {expanded ? settings.showLessLabel : settings.showMoreLabel}
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

export default defineSection('deal-grid', {
  component: DealGrid,
  data: (s, ctx) => dealsFeedAtom(ctx.host, s.source, s.expanded),
});
