import { LayoutSlot } from '../engine/layout-slot';
import { CouponParamReveal } from '../reveal/coupon-param-reveal';

/** Home: the tenant's home layout document (or, on /home2–/home4, the document serving that home_page value). */
export function HomePage({ variant }: { variant?: string }) {
  return (
    <>
      {/* SPEC §2: a coupon id in the address fetches that coupon and opens its link. */}
      <CouponParamReveal />
      <LayoutSlot kind="home" variant={variant} element="div" className="home" />
    </>
  );
}
