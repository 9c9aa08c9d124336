// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/coupon-pages.ts.
export const couponsByCategoryPath = '/api/end-user/coupon/getCouponsBasedOnCategory';
export const couponsByCategoryKey = (host: string, category: string, page: number, perPage: number) =>
  ['coupons', host, 'category', category, page, perPage] as const;

export const couponByIdPath = '/api/end-user/coupon/coupon-by-id';
export const couponByIdKey = (host: string, id: string) => ['coupons', host, 'by-id', id] as const;

export const searchCouponsPath = '/end-user/coupon/search-coupon';
export const searchCouponsKey = (host: string, term: string, page: number, perPage: number) =>
  ['coupons', host, 'search', term, page, perPage] as const;
