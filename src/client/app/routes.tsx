import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Shell } from './shell';
import { RequireToken, LoginRedirect } from './require-token';
import { HomePage } from '../pages/home-page';
import { HOME_VARIANT_PATHS } from '../../shared/layout/home-variants';

// Every route but home is its own lazy chunk.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazy(() => load().then((m) => ({ default: m[name] })));
const StorePage = page(() => import('../pages/store-page'), 'StorePage');
const CategoryPage = page(() => import('../pages/category-page'), 'CategoryPage');
const CategoriesPage = page(() => import('../pages/categories-page'), 'CategoriesPage');
const StoresPage = page(() => import('../pages/stores-page'), 'StoresPage');
const NewStoresPage = page(() => import('../pages/new-stores-page'), 'NewStoresPage');
const CouponsPage = page(() => import('../pages/coupons-page'), 'CouponsPage');
const SearchPage = page(() => import('../pages/search-page'), 'SearchPage');
const AboutPage = page(() => import('../pages/about-page'), 'AboutPage');
const PrivacyPage = page(() => import('../pages/privacy-page'), 'PrivacyPage');
const ContactPage = page(() => import('../pages/contact-page'), 'ContactPage');
const CouponRedirectPage = page(() => import('../pages/redirect/coupon-redirect-page'), 'CouponRedirectPage');
const ZeroRedirectPage = page(() => import('../pages/redirect/coupon-redirect-page'), 'ZeroRedirectPage');
const MrPage = page(() => import('../pages/redirect/mr-page'), 'MrPage');
const NotFoundPage = page(() => import('../pages/not-found-page'), 'NotFoundPage');

/** SPEC §2 route table: exact matches, all behind the token guard. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route element={<RequireToken />}>
          <Route path="/" element={<HomePage />} />
          {Object.entries(HOME_VARIANT_PATHS).map(([path, variant]) => (
            <Route key={path} path={path} element={<HomePage variant={variant} />} />
          ))}
          <Route path="/store" element={<StoresPage />} />
          <Route path="/store/:storeSlug" element={<StorePage />} />
          <Route path="/category/:category" element={<CategoryPage />} />
          <Route path="/categories" element={<CategoriesPage />} />
          <Route path="/newlyaddedstores" element={<NewStoresPage />} />
          <Route path="/coupons" element={<CouponsPage />} />
          <Route path="/searchpage" element={<SearchPage />} />
          <Route path="/aboutus" element={<AboutPage />} />
          <Route path="/privacypolicy" element={<PrivacyPage />} />
          <Route path="/contactus" element={<ContactPage />} />
          <Route path="/mr" element={<MrPage />} />
          <Route path="/mr/:link" element={<MrPage />} />
          <Route path="/mr/store/:storeName/coupon/:couponId/:redirectionType" element={<MrPage />} />
          <Route path="/couponsredirect/:storeName/:couponId" element={<CouponRedirectPage />} />
          <Route path="/couponsredirect/coupon/:storeName/:couponId" element={<CouponRedirectPage />} />
          <Route path="/couponsredirect/category/:category/coupon/:storeName/:couponId" element={<CouponRedirectPage />} />
          <Route path="/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId" element={<CouponRedirectPage />} />
          <Route path="/couponsredirect/store/:storeSlug/coupon/:storeName/:couponId/:extra" element={<CouponRedirectPage />} />
          <Route path="/couponzr/:storeName/:couponId" element={<ZeroRedirectPage />} />
          <Route path="/couponzr/store/:storeSlug/coupon/:storeName/:couponId" element={<ZeroRedirectPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path="/login" element={<LoginRedirect />} />
      </Route>
    </Routes>
  );
}
