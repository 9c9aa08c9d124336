// Public surface of the demo data generator (used by the seed inserts and the /assets/ route).
export type {
  BannerDimension,
  DemoBanner,
  DemoCoupon,
  DemoData,
  DemoStore,
  DemoTenant,
  DomainBannerV2,
  DomainData,
  RedirectionType,
} from './types';
export { DEFAULT_COUPONS, DEFAULT_SEED, DEFAULT_STORES, generateCatalogueChunks, generateDemoData } from './generate';
export { renderAsset, type SvgAsset } from './svg/render-asset';
export { TENANT_KEYS, tenantPublishesStore } from './tenant-config';
export { slugify } from './store-identity';
