import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { isNotFoundError } from '../api/http';
import { storeBySlugAtom } from '../api/store-pages';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { usePageParam } from '../components/pagination';
import { useOfferParams } from '../components/offers/use-offer-params';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { Breadcrumbs, type Crumb } from '../features/store/breadcrumbs';
import { RelatedStores } from '../features/store/related-stores';
import { StoreCoupons } from '../features/store/store-coupons';
import { StoreHeader } from '../features/store/store-header';
import { FollowStore } from '../features/store/follow-store';
import { StoreNotFound } from '../features/store/store-not-found';
import { StorePageSkeleton } from '../features/store/store-page-skeleton';
import { useScrollTopOnChange } from '../app/use-scroll-top';
import { useSettled } from '../components/use-settled';
import { LoadError } from '../components/stores/load-error';
import { pageSettings } from '../config/page-settings';
import '../features/store/store-page.css';

const trail = (name: string): Crumb[] => [
  { label: 'Home', to: '/' },
  { label: 'Stores', to: '/store' },
  { label: name },
];

/** /store/:storeSlug: one store, its offers (active before expired, paged) and related stores. */
export function StorePage() {
  const { storeSlug = '' } = useParams();
  const page = usePageParam();
  const host = useAtomValue(bootstrapAtom).host;
  const offers = useOfferParams();
  // Same key as the server's inlined data (storeBySlugKey), so the first paint needs no fetch.
  const result = useAtomValue(storeBySlugAtom(host, storeSlug, page, offers.key));
  // Another filter or page of the same store keeps the offers drawn (busy) while it loads.
  const settled = useSettled(result, storeSlug);
  const answer = settled.data;
  const answered = answer?.data?.store;
  // Archived or paused stores are no longer listed by the tenant: the server answers 404 for them, so does the page.
  const unlisted = Boolean(answered && (answered.is_archived || answered.is_paused));
  const store = unlisted ? undefined : answered;
  const missing = (result.isError && isNotFoundError(result.error)) || (answer !== undefined && !store);
  usePageTitle(missing ? 'Store not found' : store ? `${store.name} coupons & promo codes` : null);
  useScrollTopOnChange(page);

  if (answer === undefined && result.isPending) return <StorePageSkeleton />;
  if (missing || !answer || !store) {
    if (!missing && result.isError) {
      return (
        <div className="page store-page">
          <Breadcrumbs items={trail(storeSlug)} />
          <LoadError message="Couldn't load this store." onRetry={() => void result.refetch()} />
        </div>
      );
    }
    return <StoreNotFound slug={storeSlug} unlistedName={unlisted ? answered?.name : undefined} />;
  }
  const related = answer.data.related_stores ?? [];
  return (
    <div className="page store-page">
      <Breadcrumbs items={trail(store.name)} />
      <StoreHeader store={store} host={host} />
      <FollowStore storeId={store._id} storeName={store.name} />
      <div className={`store-layout${related.length > 0 ? ' store-layout-with-aside' : ''}`}>
        <div className="store-layout-main">
          <AffiliateDisclosure />
          <StoreCoupons
            answer={answer}
            page={page}
            offers={offers.params}
            onOffersChange={offers.change}
            busy={settled.stale}
          />
        </div>
        {related.length > 0 && (
          <aside className="store-layout-aside" aria-labelledby="related-stores-title">
            <RelatedStores stores={related} limit={pageSettings.relatedStores} />
          </aside>
        )}
      </div>
    </div>
  );
}
