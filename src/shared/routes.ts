// SPEC §2 route table, the one list of what the site answers: the browser's router draws it, the server serves
// index.html on these paths, and the build names each page's chunks so a server-drawn page can ask for its own.
// Paths are react-router / find-my-way syntax (':param'); every page but home is a lazy chunk of the browser bundle.

/** A lazy page: its module under src/client/pages (no extension) and the component it exports. */
export interface PageRoute {
  path: string;
  module: PageModule;
  component: string;
}

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

const route = (path: string, module: PageModule, component: string): PageRoute => ({ path, module, component });

/** Every lazy page's paths, behind the visitor-token guard. Home ('/' and its variants) is drawn by the entry itself. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  route('/store', 'stores-page', 'StoresPage'),
  route('/store/:storeSlug', 'store-page', 'StorePage'),
  route('/category/:category', 'category-page', 'CategoryPage'),
  route('/categories', 'categories-page', 'CategoriesPage'),
  route('/newlyaddedstores', 'new-stores-page', 'NewStoresPage'),
  route('/coupons', 'coupons-page', 'CouponsPage'),
  route('/searchpage', 'search-page', 'SearchPage'),
  route('/aboutus', 'about-page', 'AboutPage'),
  route('/privacypolicy', 'privacy-page', 'PrivacyPage'),
  route('/contactus', 'contact-page', 'ContactPage'),
  route('/mr', 'redirect/mr-page', 'MrPage'),
  route('/mr/:link', 'redirect/mr-page', 'MrPage'),
  route('/mr/store/:storeName/coupon/:couponId/:redirectionType', 'redirect/mr-page', 'MrPage'),
  route('/couponsredirect/:storeName/:couponId', 'redirect/coupon-redirect-page', 'CouponRedirectPage'),
  route('/couponsredirect/coupon/:storeName/:couponId', 'redirect/coupon-redirect-page', 'CouponRedirectPage'),
  route('/couponsredirect/category/:category/coupon/:storeName/:couponId', 'redirect/coupon-redirect-page', 'CouponRedirectPage'),
  route('/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId', 'redirect/coupon-redirect-page', 'CouponRedirectPage'),
  route('/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId/:extra', 'redirect/coupon-redirect-page', 'CouponRedirectPage'),
  route('/couponzr/:storeName/:couponId', 'redirect/coupon-redirect-page', 'ZeroRedirectPage'),
  route('/couponzr/store/:storeSlug/coupon/:storeName/:couponId', 'redirect/coupon-redirect-page', 'ZeroRedirectPage'),
];

/** Any other path: the not-found page (404). */
export const NOT_FOUND_PAGE: Omit<PageRoute, 'path'> = { module: 'not-found-page', component: 'NotFoundPage' };

/** The login redirect, outside the token guard. */
export const LOGIN_PATH = '/login';
