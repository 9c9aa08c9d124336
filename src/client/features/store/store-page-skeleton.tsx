import { pageSettings } from '../../config/page-settings';
import { DealListSkeleton } from './deal-list';

/** The store page's final shape (header, tabs, cards) while it loads, so nothing jumps when the data lands. */
export function StorePageSkeleton() {
  return (
    <div className="page store-page" aria-busy="true" aria-label="Loading store">
      <div className="breadcrumbs-skeleton skeleton" />
      <div className="store-header store-header-skeleton">
        <div className="store-header-logo skeleton" />
        <div className="store-header-text">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" />
        </div>
      </div>
      <div className="store-layout">
        <div>
          <div className="coupon-tabs-skeleton skeleton" />
          <DealListSkeleton count={pageSettings.storeSkeletonCards} />
        </div>
      </div>
    </div>
  );
}
