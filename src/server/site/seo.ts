import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { sitemapEntries } from '../db/repositories/sitemap';
import { escapeHtml } from './escape';
import { htmlTenant, siteOrigin } from './pages';

// Per-tenant robots.txt and sitemap.xml (published active stores and categories).
const STATIC_PAGES = ['/', '/store', '/categories', '/newlyaddedstores', '/coupons', '/aboutus', '/privacypolicy', '/contactus'];
const MAX_URLS = 50_000;

export async function seoRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/robots.txt', { schema: { tags: ['site'], summary: "The tenant's robots.txt" } }, async (req, reply) => {
    const tenant = await htmlTenant(db, req, reply);
    if (!tenant) return reply;
    const origin = siteOrigin(req, tenant);
    const body = ['User-agent: *', 'Disallow: /mr', 'Disallow: /couponsredirect', 'Disallow: /couponzr', 'Disallow: /api/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap.xml', { schema: { tags: ['site'], summary: "The tenant's sitemap: pages, published stores and categories" } }, async (req, reply) => {
    const tenant = await htmlTenant(db, req, reply);
    if (!tenant) return reply;
    const origin = siteOrigin(req, tenant);
    const { stores, categories } = await sitemapEntries(db, tenant.id, MAX_URLS - STATIC_PAGES.length);
    const paths = [
      ...STATIC_PAGES,
      ...stores.map((s) => `/store/${encodeURIComponent(s)}`),
      ...categories.map((c) => `/category/${encodeURIComponent(c)}`),
    ].slice(0, MAX_URLS);
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...paths.map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>`), '</urlset>', ''].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
}
