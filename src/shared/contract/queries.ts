import type { BannerDimension, BannerKind } from './values';

// The API's endpoint paths and the browser's query keys, once: the browser's query atoms (src/client/api) and the
// server's inliner (src/server/site) both read this table, so what the server inlines lands under the key the atom asks for.
// Keys start with the tenant's host: one browser query cache never mixes two tenants.

type Query = { path: string; key: (...args: never[]) => readonly unknown[] };

export const queries = {
  website: { path: '/api/end-user/website-data/fetchByDomain', key: (host: string) => ['website', host] as const },
  categories: { path: '/api/end-user/coupon/getUniqueCategoryAndCount', key: (host: string) => ['categories', host] as const },

  recommendedCoupons: {
    path: '/api/end-user/coupon/getCouponsBasedOnDomain',
    key: (host: string, limit: number) => ['coupons', host, 'recommended', limit] as const,
  },
  latestCoupons: {
    path: '/api/end-user/coupon/coupon-list-by-website',
    key: (host: string, page: number, perPage: number) => ['coupons', host, 'latest', page, perPage] as const,
  },
  couponsByCategory: {
    path: '/api/end-user/coupon/getCouponsBasedOnCategory',
    key: (host: string, category: string, page: number, perPage: number) =>
      ['coupons', host, 'category', category, page, perPage] as const,
  },
  couponById: {
    path: '/api/end-user/coupon/coupon-by-id',
    key: (host: string, id: string) => ['coupons', host, 'by-id', id] as const,
  },
  searchCoupons: {
    path: '/end-user/coupon/search-coupon',
    key: (host: string, term: string, page: number, perPage: number) => ['coupons', host, 'search', term, page, perPage] as const,
  },

  topVisitedStores: {
    path: '/api/end-user/store/top-visited-stores',
    key: (host: string, limit: number) => ['stores', host, 'top-visited', limit] as const,
  },
  latestStores: {
    path: '/api/end-user/store/latest-stores',
    key: (host: string, limit: number) => ['stores', host, 'latest', limit] as const,
  },
  publishedStores: {
    path: '/api/end-user/store/getStoresBasedOnDomain',
    key: (host: string, page: number, perPage: number) => ['stores', host, 'published', page, perPage] as const,
  },
  activeStores: {
    path: '/api/end-user/store/getActiveStoresBasedOnDomain',
    key: (host: string, page: number, perPage: number) => ['stores', host, 'active', page, perPage] as const,
  },
  /** Every active store's name, read page by page from activeStores' path. */
  activeStoreNames: {
    path: '/api/end-user/store/getActiveStoresBasedOnDomain',
    key: (host: string, pageSize: number, maxPages: number) => ['stores', host, 'active-names', pageSize, maxPages] as const,
  },
  storesByName: {
    path: '/api/end-user/store/stores-by-name',
    key: (host: string, name: string, page: number, perPage: number) => ['stores', host, 'by-name', name, page, perPage] as const,
  },
  searchStores: {
    path: '/end-user/store/search-store',
    key: (host: string, term: string, page: number, perPage: number) => ['stores', host, 'search', term, page, perPage] as const,
  },
  storeBySlug: {
    path: '/api/end-user/store/store-by-slug',
    key: (host: string, slug: string, page: number) => ['stores', host, 'by-slug', slug, page] as const,
  },
  storeRating: {
    path: '/api/end-user/store-rating/store-rating-average',
    key: (host: string, storeId: string) => ['stores', host, 'rating', storeId] as const,
  },

  adBanners: {
    path: '/end-user/advertisement/getAdBannerByDomain',
    key: (host: string, dimension: BannerDimension) => bannersKey(host, 'ad', dimension),
  },
  recommendBanners: {
    path: '/end-user/advertisement/recommendBannerByDomain',
    key: (host: string, dimension: BannerDimension) => bannersKey(host, 'recommend', dimension),
  },
} as const satisfies Record<string, Query>;

function bannersKey(host: string, kind: BannerKind, dimension: BannerDimension) {
  return ['banners', host, kind, dimension] as const;
}

/** Calls that change something (no query key). */
export const commands = {
  couponUrl: '/v2/fetch/couponurl',
  recordVisit: '/api/end-user/coupon/record-visit',
  recordSearch: '/api/end-user/search/record',
  sendMail: '/api/end-user/mail/sendMail',
  subscribe: '/end-user/newsletter/email-subscribe',
} as const;
