import { HOME_VARIANT_PATHS } from '../../shared/layout/home-variants';

// SPEC §2 route table: every path the SPA answers, served as index.html (find-my-way syntax).
export const SPA_ROUTES: readonly string[] = [
  '/',
  '/home2', '/home3', '/home4',
  '/store', '/store/:storeSlug',
  '/category/:category', '/categories',
  '/newlyaddedstores', '/coupons', '/searchpage',
  '/aboutus', '/privacypolicy', '/contactus',
  '/login',
  '/mr', '/mr/:link',
  '/mr/store/:storeName/coupon/:couponId/:redirectionType',
  '/couponsredirect/:storeName/:couponId',
  '/couponsredirect/coupon/:storeName/:couponId',
  '/couponsredirect/category/:category/coupon/:storeName/:couponId',
  '/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId',
  '/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId/:extra',
  '/couponzr/:storeName/:couponId',
  '/couponzr/store/:storeSlug/coupon/:storeName/:couponId',
];

/** /home2 … /home4 show these home_page variants (SPEC §2): variant name → path. */
export const HOME_VARIANTS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(HOME_VARIANT_PATHS).map(([path, name]) => [name, path]));
