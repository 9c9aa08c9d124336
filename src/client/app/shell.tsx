import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { isRedirectArea } from '../../shared/paths';
import { LayoutSlot } from '../engine/layout-slot';
import { PageSkeleton } from '../components/page-skeleton';
import { RouteErrorBoundary } from './route-error';
import { useScrollTopOnChange } from './use-scroll-top';
import { useToasterWanted } from '../lib/toast';
import { ToastRegions } from './toast-regions';

// The toaster (react-hot-toast) is not part of the first load: it mounts with the first toast (lib/toast.ts).
// Head tags, tenant scripts, recaptcha and page views run once the page is up (the server already wrote the head).
const AppEffects = lazy(() => import('./effects/app-effects').then((m) => ({ default: m.AppEffects })));
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/**
 * False while the server draws the page and while the browser hydrates it, true after: for parts only the browser has.
 * Set in a transition, so the redraw it causes is sliced like the hydration itself rather than one blocking task.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/** Header, page and footer; scroll to top on every navigation; toasts top-right (SPEC §9). */
export function Shell() {
  const { pathname } = useLocation();
  const redirectArea = isRedirectArea(pathname);
  const hydrated = useHydrated();
  const toasterWanted = useToasterWanted();
  useScrollTopOnChange(pathname);
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
      {!redirectArea && (
        <LayoutSlot kind="mobileFooter" element="nav" className="site-mobile-footer" label="Mobile footer" />
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <AppEffects />
        </Suspense>
      )}
      <ToastRegions />
      {hydrated && toasterWanted && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </>
  );
}
