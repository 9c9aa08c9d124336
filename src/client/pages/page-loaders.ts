import type { QueryClient, QueryKey } from '@tanstack/query-core';
import { matchPath } from 'react-router-dom';
import type { StoreWithCoupons } from '../../shared/contract/envelopes';
import { storeBySlugKey } from '../../shared/contract/queries/store-pages';
import { offerParamsKey, parseOfferParams } from '../../shared/rules/offer-params';
import { readPage } from '../../shared/rules/page-query';
import { PAGE_ROUTES, type PageModule } from '../../shared/routes';
import { couponsByCategoryQuery, searchCouponsPageQuery } from '../api/coupon-pages';
import { searchStoresPageQuery, storeRatingQuery } from '../api/store-pages';
import { topVisitedStoresQuery } from '../api/stores';
import { SEARCH_QUERY_PARAM } from '../components/chrome/search-term';
import { searchTermOf } from '../features/listing/use-search-term';
import { searchLists, searchViewOf } from '../features/listing/search-lists';
import { pageSettings } from '../config/page-settings';

// What a page's first draw asks for, known from its address before it is drawn (issue 27). The server prefetches these
// before its first pass of renderToString (src/client/ssr/render.tsx), so the page is drawn once instead of once to ask
// and again with the answers. The same option factories as the page's atoms give the same query keys; a query a loader
// misses is still asked by the render and answered before the next pass, so a loader is a speed-up, never a rule.
// tests/server/server-render.test.ts checks these pages are drawn in one pass.

/** Options of a query the page reads (the `*Query` factories of src/client/api). */
export interface PageQuery {
  queryKey: QueryKey;
  queryFn: (ctx: { signal?: AbortSignal }) => Promise<unknown>;
}

export interface PageLoad {
  host: string;
  /** The route's path parameters (e.g. storeSlug). */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  /** What is already known (the server's inlined answers). */
  client: QueryClient;
  /** Fetches a wave of queries; resolves once they have answered or the page's data time is up. */
  prefetch: (queries: PageQuery[]) => Promise<void>;
}

type Loader = (load: PageLoad) => Promise<void>;

const offersKey = (search: URLSearchParams) => offerParamsKey(parseOfferParams((name) => search.get(name)));

const LOADERS: Partial<Record<PageModule, Loader>> = {
  // The store and its offers are inlined by the server (storeBySlugKey): its rating is what the page asks next.
  'store-page': async ({ host, params, search, client, prefetch }) => {
    const key = storeBySlugKey(host, params.storeSlug ?? '', readPage(search.get('page')), offersKey(search));
    const store = client.getQueryData<StoreWithCoupons>(key)?.data?.store;
    if (store && !store.is_archived && !store.is_paused) await prefetch([storeRatingQuery(host, store._id)]);
  },
  'category-page': ({ host, params, search, prefetch }) =>
    prefetch([
      couponsByCategoryQuery(
        host,
        params.category ?? '',
        readPage(search.get('page')),
        pageSettings.couponsPerPage,
        offersKey(search),
      ),
    ]),
  // The lists SearchResults reads (search-lists.ts); nothing found shows the suggestions.
  'search-page': async ({ host, search, client, prefetch }) => {
    const term = searchTermOf(search.get(SEARCH_QUERY_PARAM) ?? '');
    if (!term) return;
    const lists = searchLists(searchViewOf(search.get('type')), readPage(search.get('page')), offersKey(search));
    const perPage = pageSettings.searchPerPage;
    const storeQuery = searchStoresPageQuery(host, term, lists.storesPage, perPage);
    const couponQuery = searchCouponsPageQuery(host, term, lists.couponsPage, perPage, lists.offers);
    await prefetch([storeQuery, couponQuery]);
    const found = client.getQueryData<{ totalRecords: number }>(storeQuery.queryKey)?.totalRecords;
    const deals = client.getQueryData<{ offer_counts: { all: number } }>(couponQuery.queryKey)?.offer_counts.all;
    if (found === 0 && deals === 0)
      await prefetch([topVisitedStoresQuery(host, pageSettings.searchSuggestions.stores)]);
  },
};

/** Prefetches what the page at `pathname` draws first (nothing for a page without a loader). */
export async function loadPageData(pathname: string, load: Omit<PageLoad, 'params'>): Promise<void> {
  for (const route of PAGE_ROUTES) {
    const match = matchPath({ path: route.path, caseSensitive: false, end: true }, pathname);
    if (!match) continue;
    const loader = LOADERS[route.module];
    if (loader) await loader({ ...load, params: match.params });
    return;
  }
}
