// API entity shapes as the client reads them (SPEC §3 field names); the server's response schemas live in src/server/api-schemas.
export type RedirectionType = 'zero-redirect-with-refer' | 'zero-redirect-without-refer' | 'default' | (string & {});
export type BannerDimension = '120 * 600' | '728 * 90' | '1480 * 630' | '300 * 250';

export interface StoreRef {
  _id: string;
  name: string;
  slug: string;
  image: string | null;
  desktop_redirection_type?: RedirectionType;
}

export interface Store extends StoreRef {
  description?: string;
  website_url?: string;
  is_archived?: boolean;
  is_paused?: boolean;
  visit_count?: number;
  created_at?: string;
}

export interface TopVisitedStore {
  _id: string;
  name: string;
  slug: string;
  image: string | null;
  visit_count: number;
  store_details: { _id?: string; name?: string; slug: string; image: string | null };
}

export interface Coupon {
  _id: string;
  name: string;
  title: string;
  description: string;
  category: string;
  image: string | null;
  code: string | null;
  expiry_date: string | null;
  link: string;
  finalLink: string | null;
  domain_link: string;
  is_recommended?: boolean;
  created_at?: string;
  store: { name: string; image: string | null; slug: string };
  store_id: StoreRef;
}

export interface Banner {
  _id: string;
  banner_dimension: BannerDimension;
  kind?: 'ad' | 'recommend';
  image_upload: string;
  image_url: string | null;
  redirect_url: string;
  store_id?: string | null;
}

export interface CategoryCount {
  category: string;
  count: number;
}

export interface FeatureCard {
  icon: string;
  title: string;
  description: string;
}

/** `{ success, data }` envelope of every answer. */
export interface ApiAnswer<T> {
  success: boolean;
  message?: string;
  data: T;
}

/** Coupon lists: total_records / total_pages (SPEC §3), with the page asked for. */
export interface CouponPage {
  success: boolean;
  data: Coupon[];
  total_records: number;
  total_pages: number;
  page: number;
  per_page: number;
}

/** Searches: totalRecords / total_pages / per_page / page (SPEC §3). */
export interface SearchPage<T> {
  success: boolean;
  data: T[];
  totalRecords: number;
  total_pages: number;
  per_page: number;
  page: number;
}
