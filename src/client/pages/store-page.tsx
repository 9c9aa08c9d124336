import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { isNotFoundError } from '../api/http';
import { storeBySlugAtom } from '../api/store-pages';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { usePageTitle } from '../app/effects';
import { usePageParam } from '../components/pagination';
import { AffiliateDisclosure } from '../components/affiliate-disclosure';
import { Breadcrumbs, type Crumb } from '../features/store/breadcrumbs';
import { RelatedStores } from '../features/store/related-stores';
import { StoreCoupons } from '../features/store/store-coupons';
import { StoreHeader } from '../features/store/store-header';
import { StoreNotFound } from '../features/store/store-not-found';
import { StorePageSkeleton } from '../features/store/store-page-skeleton';
import { useScrollTopOnChange } from '../app/use-scroll-top';
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
  // Same key as the server's inlined page-1 data (['stores', host, 'by-slug', slug, page]), so the first paint needs no fetch.
  const result = useAtomValue(storeBySlugAtom(host, storeSlug, page));
  const answered = result.data?.data?.store;
  // Archived or paused stores are no longer listed by the tenant: the server answers 404 for them, so does the page.
  const unlisted = Boolean(answered && (answered.is_archived || answered.is_paused));
  const store = unlisted ? undefined : answered;
  const missing = (result.isError && isNotFoundError(result.error)) || (result.isSuccess && !store);
  usePageTitle(missing ? 'Store not found' : store ? `${store.name} coupons & promo codes` : null);
  useScrollTopOnChange(page);

  if (result.isPending) return <StorePageSkeleton />;
  if (missing || !result.data || !store) {
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
  const related = result.data.data.related_stores ?? [];
  return (
    <div className="page store-page">
      <Breadcrumbs items={trail(store.name)} />
      <StoreHeader store={store} host={host} />
      <div className={`store-layout${related.length > 0 ? ' store-layout-with-aside' : ''}`}>
        <div className="store-layout-main">
          <AffiliateDisclosure />
          <StoreCoupons answer={result.data} page={page} />
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
