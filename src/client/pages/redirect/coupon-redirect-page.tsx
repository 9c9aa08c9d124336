// The /couponsredirect and /couponzr route module (chunk 'redirect/coupon-redirect-page' in src/shared/routes.ts); the
// pages live in the reveal feature.
export { CouponRedirectPage, ZeroRedirectPage } from '../../features/reveal/redirect/coupon-redirect-page';
