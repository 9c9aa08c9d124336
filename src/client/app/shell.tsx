import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { isRedirectArea } from '../../shared/paths';
import { LayoutSlot } from '../engine/layout-slot';
import { PageSkeleton } from '../components/page-skeleton';
import { RouteErrorBoundary } from './route-error';
import { pageSettings } from '../pages/page-settings';
import { AppEffects } from './effects';

/** Header, page and footer; scroll to top on every navigation; toasts top-right (SPEC §9). */
export function Shell() {
  const { pathname } = useLocation();
  const redirectArea = isRedirectArea(pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!redirectArea && <LayoutSlot kind="header" element="header" className="site-header" />}
      <main id="main" tabIndex={-1} className="site-main">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {!redirectArea && <LayoutSlot kind="footer" element="footer" className="site-footer" />}
      {!redirectArea && <LayoutSlot kind="mobileFooter" element="nav" className="site-mobile-footer" label="Mobile footer" />}
      <AppEffects />
      <Toaster position="top-right" toastOptions={{ duration: pageSettings.toastDurationMs }} containerStyle={{ top: 16, right: 16 }} />
    </>
  );
}
