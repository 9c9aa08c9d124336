import type { Queryable } from '../connect';
import { iso } from '../rows';

// What a tenant's sitemap lists: its active stores and the categories of their coupons (paused coupons left out).
export async function sitemapEntries(
  db: Queryable,
  domainId: string,
  limit: number,
): Promise<{ stores: string[]; categories: string[] }> {
  const stores = await db.query<{ slug: string }>(
    `SELECT s.slug FROM stores s JOIN domain_stores ds ON ds.store_id = s.id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused ORDER BY s.slug LIMIT $2`,
    [domainId, limit],
  );
  const categories = await db.query<{ category: string }>(
    `SELECT DISTINCT c.category FROM coupons c JOIN stores s ON s.id = c.store_id
     JOIN domain_stores ds ON ds.store_id = c.store_id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused AND NOT c.is_paused ORDER BY c.category`,
    [domainId],
  );
  return { stores: stores.map((r) => r.slug), categories: categories.map((r) => r.category) };
}

export interface DatedEntry {
  name: string;
  /** ISO time of the newest change we know of (store creation or its newest coupon), null when unknown. */
  lastmod: string | null;
}

/** As sitemapEntries, with a lastmod per store (newest of store and its coupons) and per category (newest coupon). */
export async function datedSitemapEntries(
  db: Queryable,
  domainId: string,
  limit: number,
): Promise<{ stores: DatedEntry[]; categories: DatedEntry[] }> {
  const stores = await db.query<{ slug: string; lastmod: Date | string | null }>(
    `SELECT s.slug, GREATEST(s.created_at, max(c.created_at)) AS lastmod
     FROM stores s JOIN domain_stores ds ON ds.store_id = s.id LEFT JOIN coupons c ON c.store_id = s.id AND NOT c.is_paused
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused
     GROUP BY s.id, s.slug, s.created_at ORDER BY s.slug LIMIT $2`,
    [domainId, limit],
  );
  const categories = await db.query<{ category: string; lastmod: Date | string | null }>(
    `SELECT c.category, max(c.created_at) AS lastmod FROM coupons c JOIN stores s ON s.id = c.store_id
     JOIN domain_stores ds ON ds.store_id = c.store_id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused AND NOT c.is_paused
     GROUP BY c.category ORDER BY c.category`,
    [domainId],
  );
  return {
    stores: stores.map((r) => ({ name: r.slug, lastmod: iso(r.lastmod) })),
    categories: categories.map((r) => ({ name: r.category, lastmod: iso(r.lastmod) })),
  };
}
