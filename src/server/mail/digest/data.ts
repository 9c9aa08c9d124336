import type { Queryable } from '../../db/connect';
import type { BannerDimension, BannerSource } from '../../../shared/layout/types';

// What the digest shows, read for one tenant at one instant: live offers only (unexpired, of stores the tenant
// publishes that are neither archived nor paused), its newest stores, a banner.

export interface DigestDeal {
  id: string;
  name: string;
  description: string;
  code: string | null;
  expiry_date: string | null;
  store_slug: string;
  store_name: string;
  store_image: string | null;
}

export interface DigestStore {
  slug: string;
  name: string;
  image: string | null;
}

export interface DigestBanner {
  image: string;
  store_slug: string | null;
}

export async function liveDeals(db: Queryable, domainId: string, now: Date, limit: number): Promise<DigestDeal[]> {
  return db.query<DigestDeal>(
    `SELECT c.id, c.name, c.description, c.code, c.expiry_date::text AS expiry_date, s.slug AS store_slug,
       s.name AS store_name, s.image AS store_image
     FROM domain_stores ds JOIN stores s ON s.id = ds.store_id JOIN coupons c ON c.store_id = s.id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused
       AND NOT c.is_paused AND (c.expiry_date IS NULL OR c.expiry_date > $2)
     ORDER BY c.is_recommended DESC, c.created_at DESC, c.id LIMIT $3`,
    [domainId, now, limit],
  );
}

export async function newestStores(db: Queryable, domainId: string, limit: number): Promise<DigestStore[]> {
  return db.query<DigestStore>(
    `SELECT s.slug, s.name, s.image FROM domain_stores ds JOIN stores s ON s.id = ds.store_id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused
     ORDER BY s.created_at DESC, s.id LIMIT $2`,
    [domainId, limit],
  );
}

export async function firstBanner(
  db: Queryable,
  domainId: string,
  source: BannerSource,
  dimension: BannerDimension,
): Promise<DigestBanner | null> {
  if (source === 'domain') {
    const rows = await db.query<DigestBanner>(
      `SELECT b->>'image' AS image, s.slug AS store_slug
       FROM domains d CROSS JOIN LATERAL jsonb_array_elements(d.banners_v2) WITH ORDINALITY AS x (b, n)
       LEFT JOIN stores s ON s.id = x.b->>'storeId'
       WHERE d.id = $1 AND x.b->>'image' <> '' ORDER BY x.n LIMIT 1`,
      [domainId],
    );
    return rows[0] ?? null;
  }
  const rows = await db.query<DigestBanner>(
    `SELECT coalesce(nullif(b.image_url, ''), b.image_upload) AS image, s.slug AS store_slug
     FROM banners b LEFT JOIN stores s ON s.id = b.store_id
     WHERE b.domain_id = $1 AND b.kind = $2 AND b.banner_dimension = $3 AND NOT b.is_paused ORDER BY b.position, b.id LIMIT 1`,
    [domainId, source, dimension],
  );
  return rows[0] ?? null;
}
