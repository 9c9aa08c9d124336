import { bool, ID_PATTERN, int, nullableStr, str } from './common';

// Response shapes of SPEC §3 entities (field names exactly as the client reads them).
export const DOMAIN_DATA_REF = { $ref: 'https://dealdeck.dev/schemas/domain-data.schema.json#' } as const;

const redirectionType = { type: 'string', enum: ['zero-redirect-with-refer', 'zero-redirect-without-refer', 'default'] } as const;

export const storeRefSchema = {
  type: 'object',
  properties: { _id: str, name: str, slug: str, image: nullableStr, desktop_redirection_type: redirectionType },
} as const;

export const storeSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string', pattern: ID_PATTERN }, slug: str, name: str, image: nullableStr, description: str, website_url: str,
    is_archived: bool, is_paused: bool, desktop_redirection_type: redirectionType, visit_count: int, created_at: str,
  },
} as const;

export const couponSchema = {
  type: 'object',
  properties: {
    _id: str, name: str, title: str, description: str, category: str, image: nullableStr,
    code: { ...nullableStr, description: 'The coupon code; null for a deal.' },
    expiry_date: { ...nullableStr, description: 'ISO 8601; null when the coupon does not expire.' },
    link: str, finalLink: nullableStr, domain_link: str, is_recommended: bool, created_at: str,
    store: { type: 'object', properties: { name: str, image: nullableStr, slug: str } },
    store_id: storeRefSchema,
  },
} as const;

export const topVisitedSchema = {
  type: 'object',
  properties: {
    _id: str, name: str, slug: str, image: nullableStr, visit_count: int,
    store_details: { type: 'object', properties: { _id: str, name: str, slug: str, image: nullableStr } },
  },
} as const;

export const bannerSchema = {
  type: 'object',
  properties: {
    _id: str,
    banner_dimension: { type: 'string', enum: ['120 * 600', '728 * 90', '1480 * 630', '300 * 250'] },
    kind: { type: 'string', enum: ['ad', 'recommend'] },
    image_upload: str, image_url: nullableStr, redirect_url: str, store_id: nullableStr,
  },
} as const;

export const categoryCountSchema = { type: 'object', properties: { category: str, count: int } } as const;
