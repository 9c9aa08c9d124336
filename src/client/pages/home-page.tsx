import { lazy, Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { bootstrapAtom } from '../lib/bootstrap-atom';
import { LayoutSlot } from '../engine/layout-slot';
import { useCouponParam } from '../features/reveal/coupon-param';
import { PageSkeleton } from '../components/page-skeleton';

// Loaded only when the address carries a coupon id: most home visits have none.
const CouponParamReveal = lazy(() =>
  import('../features/reveal/coupon-param-reveal').then((m) => ({ default: m.CouponParamReveal })),
);

/** Home: the tenant's home layout document (or, on /home2–/home4, the document serving that home_page value). */
export function HomePage({ variant }: { variant?: string }) {
  const couponId = useCouponParam();
  const bootstrap = useAtomValue(bootstrapAtom);
  const siteName = bootstrap.domain.name;
  // A variant's document comes only with its own page (the server sends none elsewhere): reached from another page,
  // /home2 … /home4 load as a document instead of drawing the tenant's home under the wrong address.
  const carried = variant === undefined || bootstrap.homeVariants !== undefined;
  useEffect(() => {
    if (!carried) window.location.reload();
  }, [carried]);
  if (!carried) return <PageSkeleton />;
  return (
    <>
      {/* The home's layout draws banners and lists, no title: the page's heading is for screen readers and outlines. */}
      <h1 className="visually-hidden">{siteName ? `${siteName}: coupons and deals` : 'Coupons and deals'}</h1>
      {/* SPEC §2: a coupon id in the address fetches that coupon and opens its link. */}
      {couponId && (
        <Suspense fallback={null}>
          <CouponParamReveal />
        </Suspense>
      )}
      <LayoutSlot kind="home" variant={variant} element="div" className="home" />
    </>
  );
}
