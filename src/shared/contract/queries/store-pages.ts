// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/store-pages.ts and the server's inliner.
export const activeStoresPath = '/api/end-user/store/getActiveStoresBasedOnDomain';
export const activeStoresKey = (host: string, page: number, perPage: number) =>
  ['stores', host, 'active', page, perPage] as const;

/** Every active store's name, read page by page from activeStores' path. */
export const activeStoreNamesPath = activeStoresPath;
export const activeStoreNamesKey = (host: string, pageSize: number, maxPages: number) =>
  ['stores', host, 'active-names', pageSize, maxPages] as const;

export const storesByNamePath = '/api/end-user/store/stores-by-name';
export const storesByNameKey = (host: string, name: string, page: number, perPage: number) =>
  ['stores', host, 'by-name', name, page, perPage] as const;

export const searchStoresPath = '/end-user/store/search-store';
export const searchStoresKey = (host: string, term: string, page: number, perPage: number) =>
  ['stores', host, 'search', term, page, perPage] as const;

export const storeBySlugPath = '/api/end-user/store/store-by-slug';
/** `offers`: the page's non-default offer filters (offerParamsKey, src/shared/rules/offer-params.ts), '' for none. */
export const storeBySlugKey = (host: string, slug: string, page: number, offers: string) =>
  ['stores', host, 'by-slug', slug, page, offers] as const;

export const storeRatingPath = '/api/end-user/store-rating/store-rating-average';
export const storeRatingKey = (host: string, storeId: string) => ['stores', host, 'rating', storeId] as const;
