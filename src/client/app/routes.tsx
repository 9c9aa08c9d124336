import { lazy, useState, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { Shell } from './shell';
import { RequireToken, LoginRedirect } from './require-token';
import { HomePage } from '../pages/home-page';
import { HOME_VARIANT_PATHS } from '../../shared/layout/home-variants';
import { LOGIN_PATH, NOT_FOUND_PAGE, PAGE_ROUTES, type PageModule, type PageRoute } from '../../shared/routes';

// Every page but home is its own lazy chunk, one loader per page module of the shared route table.
type PageExports = Record<string, unknown>;
const PAGE_MODULES: Record<PageModule, () => Promise<PageExports>> = {
  'store-page': () => import('../pages/store-page'),
  'category-page': () => import('../pages/category-page'),
  'categories-page': () => import('../pages/categories-page'),
  'stores-page': () => import('../pages/stores-page'),
  'new-stores-page': () => import('../pages/new-stores-page'),
  'coupons-page': () => import('../pages/coupons-page'),
  'search-page': () => import('../pages/search-page'),
  'about-page': () => import('../pages/about-page'),
  'privacy-page': () => import('../pages/privacy-page'),
  'contact-page': () => import('../pages/contact-page'),
  'not-found-page': () => import('../pages/not-found-page'),
  'redirect/coupon-redirect-page': () => import('../pages/redirect/coupon-redirect-page'),
  'redirect/mr-page': () => import('../pages/redirect/mr-page'),
};

interface LazyPage {
  Page: ComponentType;
  /** Downloads the page's module; once it has, the page draws without suspending. */
  load: () => Promise<unknown>;
}

const lazyPages = new Map<string, LazyPage>();

/**
 * A page that suspends only while its module downloads. Once loaded (see `loadPageFor`), it draws at once: a page the
 * server drew then hydrates whole, instead of waiting behind a Suspense boundary that any early update would replace
 * with the skeleton (a layout shift on every server-drawn page that is not home).
 */
function lazyPage({ module, component }: Omit<PageRoute, 'path'>): LazyPage {
  const key = `${module}#${component}`;
  const known = lazyPages.get(key);
  if (known) return known;
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const load = () =>
    (loading ??= PAGE_MODULES[module]().then((m) => {
      const found = m[component];
      if (typeof found !== 'function') throw new Error(`The page module ${module} has no ${component}`);
      return (loaded = found as ComponentType);
    }));
  const Suspending = lazy(() => load().then((c) => ({ default: c })));
  function Page() {
    // Decided once per mount: switching from Suspending to the loaded component later would remount the page.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Suspending />;
  }
  Page.displayName = component;
  const made = { Page, load };
  lazyPages.set(key, made);
  return made;
}

/** Starts downloading the page module drawn at `pathname` (none for home); resolves once it is there. */
export function loadPageFor(pathname: string): Promise<unknown> {
  if (pathname === '/' || pathname === LOGIN_PATH || pathname in HOME_VARIANT_PATHS) return Promise.resolve();
  const match = PAGE_ROUTES.find((r) => matchPath({ path: r.path, caseSensitive: false, end: true }, pathname));
  return lazyPage(match ?? NOT_FOUND_PAGE).load();
}

const pageElement = (route: Omit<PageRoute, 'path'>) => {
  const { Page } = lazyPage(route);
  return <Page />;
};

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
          {PAGE_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={pageElement(route)} />
          ))}
          <Route path="*" element={pageElement(NOT_FOUND_PAGE)} />
        </Route>
        <Route path={LOGIN_PATH} element={<LoginRedirect />} />
      </Route>
    </Routes>
  );
}
