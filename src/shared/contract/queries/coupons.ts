// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/coupons.ts.
export const recommendedCouponsPath = '/api/end-user/coupon/getCouponsBasedOnDomain';
export const recommendedCouponsKey = (host: string, limit: number) => ['coupons', host, 'recommended', limit] as const;

export const latestCouponsPath = '/api/end-user/coupon/coupon-list-by-website';
export const latestCouponsKey = (host: string, page: number, perPage: number) =>
  ['coupons', host, 'latest', page, perPage] as const;
