// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/stores.ts and store-pages.ts.
export const topVisitedStoresPath = '/api/end-user/store/top-visited-stores';
export const topVisitedStoresKey = (host: string, limit: number) => ['stores', host, 'top-visited', limit] as const;

export const latestStoresPath = '/api/end-user/store/latest-stores';
export const latestStoresKey = (host: string, limit: number) => ['stores', host, 'latest', limit] as const;

export const publishedStoresPath = '/api/end-user/store/getStoresBasedOnDomain';
export const publishedStoresKey = (host: string, page: number, perPage: number) =>
  ['stores', host, 'published', page, perPage] as const;
