// SPEC §2 route table, the one list of what the site answers: the browser's router draws it, the server serves
// index.html on these paths, and the build names each page's chunks so a server-drawn page can ask for its own.
// Paths are react-router / find-my-way syntax (':param'); every page but home is a lazy chunk of the browser bundle.

/** A lazy page: its module under src/client/pages (no extension), the component it exports, and who draws it first. */
export interface PageRoute {
  path: string;
  module: PageModule;
  component: string;
  /**
   * 'server': the server draws the page and the browser hydrates it. 'browser': the browser draws it — the redirect
   * pages (they read the shopper's stored coupon and leave at once). /searchpage is drawn by the server only with ?q=
   * (without it the term is the one in the shopper's session, which the server cannot see).
   */
  drawnBy: 'server' | 'browser';
  /**
   * The address parameters the page is drawn from (src/shared/rules/page-query.ts): the only ones in its cache key
   * and in the links it draws to itself. A parameter the browser alone reads after the first draw (a redirect page's
   * ?coupon=) is not listed: the document is the same with or without it.
   */
  reads: readonly PageParam[];
}

/**
 * 'page': ?page=N. 'offers': the offer filters (?type, ?verified, ?sort, the legacy ?show). 'q': the search term.
 * 'view': the search page's ?type=stores. 'name': the store list's name filter.
 */
export type PageParam = 'page' | 'offers' | 'q' | 'view' | 'name';

export type PageModule =
  | 'store-page'
  | 'category-page'
  | 'categories-page'
  | 'stores-page'
  | 'new-stores-page'
  | 'coupons-page'
  | 'search-page'
  | 'about-page'
  | 'privacy-page'
  | 'contact-page'
  | 'not-found-page'
  | 'redirect/coupon-redirect-page'
  | 'redirect/mr-page';

const route = (
  path: string,
  module: PageModule,
  component: string,
  drawnBy: PageRoute['drawnBy'] = 'server',
  reads: readonly PageParam[] = [],
): PageRoute => ({ path, module, component, drawnBy, reads });

/** Every lazy page's paths, behind the visitor-token guard. Home ('/' and its variants) is drawn by the entry itself. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  route('/store', 'stores-page', 'StoresPage', 'server', ['page', 'name']),
  route('/store/:storeSlug', 'store-page', 'StorePage', 'server', ['page', 'offers']),
  route('/category/:category', 'category-page', 'CategoryPage', 'server', ['page', 'offers']),
  route('/categories', 'categories-page', 'CategoriesPage'),
  route('/newlyaddedstores', 'new-stores-page', 'NewStoresPage'),
  route('/coupons', 'coupons-page', 'CouponsPage', 'server', ['page', 'offers']),
  route('/searchpage', 'search-page', 'SearchPage', 'server', ['q', 'view', 'page', 'offers']),
  route('/aboutus', 'about-page', 'AboutPage'),
  route('/privacypolicy', 'privacy-page', 'PrivacyPage'),
  route('/contactus', 'contact-page', 'ContactPage'),
  route('/mr', 'redirect/mr-page', 'MrPage', 'browser'),
  route('/mr/:link', 'redirect/mr-page', 'MrPage', 'browser'),
  route('/mr/store/:storeName/coupon/:couponId/:redirectionType', 'redirect/mr-page', 'MrPage', 'browser'),
  route('/couponsredirect/:storeName/:couponId', 'redirect/coupon-redirect-page', 'CouponRedirectPage', 'browser'),
  route(
    '/couponsredirect/coupon/:storeName/:couponId',
    'redirect/coupon-redirect-page',
    'CouponRedirectPage',
    'browser',
  ),
  route(
    '/couponsredirect/category/:category/coupon/:storeName/:couponId',
    'redirect/coupon-redirect-page',
    'CouponRedirectPage',
    'browser',
  ),
  route(
    '/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId',
    'redirect/coupon-redirect-page',
    'CouponRedirectPage',
    'browser',
  ),
  route(
    '/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId/:extra',
    'redirect/coupon-redirect-page',
    'CouponRedirectPage',
    'browser',
  ),
  route('/couponzr/:storeName/:couponId', 'redirect/coupon-redirect-page', 'ZeroRedirectPage', 'browser'),
  route(
    '/couponzr/store/:storeSlug/coupon/:storeName/:couponId',
    'redirect/coupon-redirect-page',
    'ZeroRedirectPage',
    'browser',
  ),
];

/** Any other path: the not-found page (404), drawn by the browser. */
export const NOT_FOUND_PAGE: Omit<PageRoute, 'path'> = {
  module: 'not-found-page',
  component: 'NotFoundPage',
  drawnBy: 'browser',
  reads: [],
};

/** The login redirect, outside the token guard. */
export const LOGIN_PATH = '/login';
