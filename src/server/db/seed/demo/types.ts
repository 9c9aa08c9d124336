// Shapes handed to the seed inserts; field names follow SPEC §3 exactly.
import type {
  DomainBannerV2,
  DomainContact,
  DomainData as SharedDomainData,
} from '../../../../shared/contract/domain-data';
import type { BannerDimension, BannerKind, RedirectionType } from '../../../../shared/contract/values';

export type { BannerDimension, RedirectionType };

/** Demo tenants fill every SPEC §3 field: the shared domain type with nothing optional. */
export type DomainData = Required<Omit<SharedDomainData, 'contact'>> & { contact: Required<DomainContact> };
export type { DomainBannerV2 };

export interface DemoStore {
  key: string;
  slug: string;
  name: string;
  description: string;
  image: string;
  website_url: string;
  is_archived: boolean;
  is_paused: boolean;
  desktop_redirection_type: RedirectionType;
  visit_count: number;
  created_at: string;
}

export interface DemoCoupon {
  key: string;
  store_key: string;
  name: string;
  title: string;
  description: string;
  category: string;
  code: string | null;
  expiry_date: string | null;
  link: string;
  finalLink: string | null;
  domain_link: string;
  image: string | null;
  is_recommended: boolean;
  created_at: string;
}

export interface DemoBanner {
  key: string;
  banner_dimension: BannerDimension;
  kind: BannerKind;
  image_upload: string;
  image_url: string | null;
  redirect_url: string;
  store_key: string | null;
}

export interface DemoTenant {
  key: string;
  hosts: string[];
  domain: DomainData;
  store_keys: string[];
  banners: DemoBanner[];
  newsletter_seed?: never;
}

export interface DemoData {
  categories: string[];
  stores: DemoStore[];
  coupons: DemoCoupon[];
  tenants: DemoTenant[];
  ratings: { store_key: string; rating: number }[];
  feature_cards: { icon: string; title: string; description: string }[];
  deals_info: { title: string; description: string }[];
}

export interface GenerateOptions {
  stores?: number;
  coupons?: number;
  seed?: number;
  now?: Date;
}

export interface ChunkOptions {
  stores: number;
  coupons: number;
  seed?: number;
  chunkSize?: number;
  now?: Date;
}
