// Endpoint paths of calls without a query key (the table: ./index.ts), read by src/client/features/reveal/api/coupon-url.ts.
export const couponUrlPath = '/v2/fetch/couponurl';
export const recordVisitPath = '/api/end-user/coupon/record-visit';
/** A click-out (the shopper leaves for the merchant): recorded for the A/B layouts only, no visit count. */
export const recordClickOutPath = '/api/end-user/coupon/record-clickout';
/**
 * A page of a running experiment says its browser is real (issue 24): the browser sent the signed id back, so the
 * report counts it from its first page. Sent by the page's own inline script as it loads (src/server/site/pages.ts).
 */
export const shopperSeenPath = '/api/end-user/shopper/seen';
