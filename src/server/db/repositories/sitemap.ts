import type { Queryable } from '../connect';

// What a tenant's sitemap lists: its active stores and the categories of their coupons.
export async function sitemapEntries(db: Queryable, domainId: string, limit: number): Promise<{ stores: string[]; categories: string[] }> {
  const stores = await db.query<{ slug: string }>(
    `SELECT s.slug FROM stores s JOIN domain_stores ds ON ds.store_id = s.id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused ORDER BY s.slug LIMIT $2`,
    [domainId, limit],
  );
  const categories = await db.query<{ category: string }>(
    `SELECT DISTINCT c.category FROM coupons c JOIN stores s ON s.id = c.store_id
     JOIN domain_stores ds ON ds.store_id = c.store_id
     WHERE ds.domain_id = $1 AND NOT s.is_archived AND NOT s.is_paused ORDER BY c.category`,
    [domainId],
  );
  return { stores: stores.map((r) => r.slug), categories: categories.map((r) => r.category) };
}
