// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/coupon-pages.ts.
export const couponsByCategoryPath = '/api/end-user/coupon/getCouponsBasedOnCategory';
// `offers`: the page's non-default offer filters (offerParamsKey, src/shared/rules/offer-params.ts), '' for none.
export const couponsByCategoryKey = (host: string, category: string, page: number, perPage: number, offers: string) =>
  ['coupons', host, 'category', category, page, perPage, offers] as const;

export const couponByIdPath = '/api/end-user/coupon/coupon-by-id';
export const couponByIdKey = (host: string, id: string) => ['coupons', host, 'by-id', id] as const;

export const searchCouponsPath = '/end-user/coupon/search-coupon';
export const searchCouponsKey = (host: string, term: string, page: number, perPage: number, offers: string) =>
  ['coupons', host, 'search', term, page, perPage, offers] as const;

/** The all-deals page: the latest list (./coupons.ts) with the page's offer filters. */
export const allDealsKey = (host: string, page: number, perPage: number, offers: string) =>
  ['coupons', host, 'all-deals', page, perPage, offers] as const;
