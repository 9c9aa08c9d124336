// What each tenant banner shows and links to; a pure function of (tenant, size, n) so the SVG route needs no database.
import { hashString, mix, pickBy } from './prng';
import { isActiveIndex, storeIdentity } from './store-identity';
import { tenantConfig, tenantPublishesStore, type TenantConfig } from './tenant-config';
import type { BannerDimension } from './types';
import { BANNER_DIMENSIONS } from '../../../../shared/contract/values';
import { bannerSize } from '../../../../shared/rules/banner-size';

export interface BannerSize {
  dimension: BannerDimension;
  width: number;
  height: number;
  file: string;
}

/** Every banner dimension of the contract, with its pixel size and the file name part of its demo image. */
export const BANNER_SIZES: readonly BannerSize[] = BANNER_DIMENSIONS.map((dimension) => {
  const { width, height } = bannerSize(dimension);
  return { dimension, width, height, file: `${width}x${height}` };
});

export const BANNERS_PER_SIZE = 6;
/** Banners only feature stores from this prefix of the catalogue, which every default-sized data set contains. */
export const BANNER_STORE_POOL = 48;

const OFFERS = [
  'Up to 40% off',
  'Extra 15% off today',
  'Free shipping on everything',
  'New season, new savings',
  'Save $20 on orders of $100+',
  'Members get 25% off',
  'Half price weekend',
  'Buy one, get one free',
] as const;
const CTAS = ['Shop now', 'Get the deal', 'See offers', 'Grab it'] as const;

export interface BannerSpec {
  tenant: TenantConfig;
  size: BannerSize;
  n: number;
  kind: 'ad' | 'recommend';
  /** null for the tenant's own "advertise with us" banner. */
  storeIndex: number | null;
  headline: string;
  offer: string;
  cta: string;
}

// Skyscrapers and rectangles are mostly "recommend"; leaderboards and heroes mostly "ad" (SPEC layouts ask for those).
function kindOf(size: BannerSize, n: number): 'ad' | 'recommend' {
  const mostlyRecommend = size.dimension === '120 * 600' || size.dimension === '300 * 250';
  return n <= 4 === mostlyRecommend ? 'recommend' : 'ad';
}

function storeFor(tenant: TenantConfig, size: BannerSize, n: number): number {
  const pool: number[] = [];
  for (let i = 0; i < BANNER_STORE_POOL; i++) if (isActiveIndex(i) && tenantPublishesStore(tenant.key, i)) pool.push(i);
  return pickBy(mix(hashString(tenant.key), size.width, n), pool);
}

export function bannerSpec(tenantKey: string, file: string, n: number): BannerSpec | null {
  const tenant = tenantConfig(tenantKey);
  const size = BANNER_SIZES.find((s) => s.file === file);
  if (!tenant || !size || !Number.isInteger(n) || n < 1 || n > BANNERS_PER_SIZE) return null;
  const h = mix(hashString(tenant.key), size.height, n);
  const kind = kindOf(size, n);
  if (n === BANNERS_PER_SIZE) {
    return {
      tenant,
      size,
      n,
      kind,
      storeIndex: null,
      headline: `Advertise with ${tenant.name}`,
      offer: 'Reach thousands of deal hunters',
      cta: 'Learn more',
    };
  }
  const storeIndex = storeFor(tenant, size, n);
  return {
    tenant,
    size,
    n,
    kind,
    storeIndex,
    headline: storeIdentity(storeIndex).name,
    offer: pickBy(h, OFFERS),
    cta: pickBy(h >>> 3, CTAS),
  };
}

export function bannerPath(tenantKey: string, size: BannerSize, n: number): string {
  return `banners/${tenantKey}/${size.file}-${n}.svg`;
}
