import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { datedSitemapEntries, type DatedEntry } from '../db/repositories/sitemap';
import { escapeHtml } from '../lib/escape';
import { htmlTenant } from './page-steps';
import { siteOrigin } from './pages';

// Per-tenant robots.txt and sitemap.xml: the indexable static pages, published active stores and their categories.
/** Listing pages change when stores or coupons do (their lastmod is the newest one); the information pages have none. */
const LISTING_PAGES = ['/', '/store', '/categories', '/newlyaddedstores', '/coupons'];
const INFO_PAGES = ['/aboutus', '/privacypolicy', '/contactus'];
const MAX_URLS = 50_000;
/** Never crawled: redirect hops, the API, the portal login and the operators' layout files (all noindex or not pages). */
const DISALLOW = ['/mr', '/couponsredirect', '/couponzr', '/out/', '/api/', '/login', '/layouts/'];

const newest = (entries: readonly DatedEntry[]): string | null =>
  entries.reduce<string | null>(
    (max, e) => (e.lastmod !== null && (max === null || e.lastmod > max) ? e.lastmod : max),
    null,
  );

function urlTag(loc: string, lastmod: string | null): string {
  return `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

export async function seoRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/robots.txt', { schema: { tags: ['site'], summary: "The tenant's robots.txt" } }, async (req, reply) => {
    const tenant = await htmlTenant(db, req, reply);
    if (!tenant) return reply;
    const origin = siteOrigin(req, tenant);
    const body = [
      'User-agent: *',
      ...DISALLOW.map((p) => `Disallow: ${p}`),
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['site'], summary: "The tenant's sitemap: pages, published stores and categories" } },
    async (req, reply) => {
      const tenant = await htmlTenant(db, req, reply);
      if (!tenant) return reply;
      const origin = siteOrigin(req, tenant);
      const fixed = LISTING_PAGES.length + INFO_PAGES.length;
      const { stores, categories } = await datedSitemapEntries(db, tenant.id, MAX_URLS - fixed);
      const changed = newest([...stores, ...categories]);
      const urls = [
        ...LISTING_PAGES.map((p) => urlTag(origin + p, changed)),
        ...INFO_PAGES.map((p) => urlTag(origin + p, null)),
        ...stores.map((s) => urlTag(`${origin}/store/${encodeURIComponent(s.name)}`, s.lastmod)),
        ...categories.map((c) => urlTag(`${origin}/category/${encodeURIComponent(c.name)}`, c.lastmod)),
      ].slice(0, MAX_URLS);
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    },
  );
}
