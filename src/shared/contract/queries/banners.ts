import type { BannerDimension, BannerKind } from '../values';

// Endpoint paths and query keys (the table: ./index.ts), read by src/client/api/banners.ts.
const key = (host: string, kind: BannerKind, dimension: BannerDimension) => ['banners', host, kind, dimension] as const;

export const adBannersPath = '/end-user/advertisement/getAdBannerByDomain';
export const adBannersKey = (host: string, dimension: BannerDimension) => key(host, 'ad', dimension);

export const recommendBannersPath = '/end-user/advertisement/recommendBannerByDomain';
export const recommendBannersKey = (host: string, dimension: BannerDimension) => key(host, 'recommend', dimension);
