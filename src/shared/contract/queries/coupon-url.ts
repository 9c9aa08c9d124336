// Endpoint paths of calls without a query key (the table: ./index.ts), read by src/client/features/reveal/api/coupon-url.ts.
export const couponUrlPath = '/v2/fetch/couponurl';
export const recordVisitPath = '/api/end-user/coupon/record-visit';
