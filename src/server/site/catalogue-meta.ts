import { keptActiveCoupons } from '../cache/kept-reads';
import type { CategoryCount } from '../../shared/contract/entities';
import type { StoreWithCoupons } from '../../shared/contract/envelopes';
import { categoriesPath, storeBySlugKey, storeBySlugPath } from '../../shared/contract/queries/index';
import { absoluteAsset, breadcrumbs, offers } from './json-ld';
import { canonicalUrl, META_DESCRIPTION_MAX, notFoundPage, titled, type PageMeta, type PageRequest } from './page-meta';
import { plainText } from '../../shared/rules/plain-text';
import { offerParamsKey } from '../../shared/rules/offer-params';

// The store and category pages: 404 for what the tenant does not list, head and JSON-LD from the API answer.
export const storePageUrl = (slug: string, page: number, offers: string): string =>
  `${storeBySlugPath}?slug=${encodeURIComponent(slug)}&page=${page}${offers ? `&${offers}` : ''}`;

export async function tenantCategories(req: PageRequest): Promise<CategoryCount[]> {
  const res = await req.api.get<{ data: CategoryCount[] }>(req.tenant.host, categoriesPath);
  return res.body?.data ?? [];
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export async function storeMeta(req: PageRequest): Promise<PageMeta> {
  const slug = req.params.storeSlug ?? '';
  // The page as the shopper's address filters it (?type=code&sort=ending_soon): drawn and inlined that way.
  const offerKey = offerParamsKey(req.offers);
  const res = await req.api.get<StoreWithCoupons>(req.tenant.host, storePageUrl(slug, req.page, offerKey));
  const body = res.body;
  // Archived or paused stores are not shown to crawlers: the tenant no longer lists them.
  if (!body || body.data.store.is_archived || body.data.store.is_paused) return notFoundPage(req, 'Store');
  const { store, coupons } = body.data;
  const site = req.tenant.data.name;
  const active = await keptActiveCoupons(req.reads, req.db, req.tenant.id, store._id);
  const storePath = `/store/${encodeURIComponent(store.slug)}`;
  const storeUrl = canonicalUrl(req.origin, storePath);
  const canonical = canonicalUrl(req.origin, storePath, req.page);
  const about = store.description ? ` ${plainText(store.description, META_DESCRIPTION_MAX)}` : '';
  return {
    status: 200,
    title: titled(req.tenant, `${store.name} coupons & promo codes`),
    description: plainText(
      `${plural(active, 'active offer', 'active offers')} for ${store.name} on ${site}: coupon codes and deals.${about}`,
      META_DESCRIPTION_MAX,
    ),
    robots: null,
    canonical,
    url: canonical,
    image: absoluteAsset(req.origin, store.image) ?? absoluteAsset(req.origin, req.tenant.data.logo),
    jsonLd: [
      breadcrumbs([
        [site, `${req.origin}/`],
        ['All stores', `${req.origin}/store`],
        [store.name, storeUrl],
      ]),
      ...offers(coupons, req.origin),
    ],
    queries: [{ key: storeBySlugKey(req.tenant.host, slug, req.page, offerKey), data: body }],
  };
}

export async function categoryMeta(req: PageRequest): Promise<PageMeta> {
  const wanted = (req.params.category ?? '').toLowerCase();
  // The coupon lists match categories case-insensitively; the tenant's own spelling names the page.
  const entry = (await tenantCategories(req)).find((c) => c.category.toLowerCase() === wanted);
  if (!entry || entry.count === 0) return notFoundPage(req, 'Category');
  const site = req.tenant.data.name;
  const path = `/category/${encodeURIComponent(entry.category)}`;
  const canonical = canonicalUrl(req.origin, path, req.page);
  return {
    status: 200,
    title: titled(req.tenant, `${entry.category} coupons`),
    description: plainText(
      `${plural(entry.count, `${entry.category} coupon or deal`, `${entry.category} coupons and deals`)} on ${site}: codes and offers from the stores we list.`,
      META_DESCRIPTION_MAX,
    ),
    robots: null,
    canonical,
    url: canonical,
    image: absoluteAsset(req.origin, req.tenant.data.logo),
    jsonLd: [
      breadcrumbs([
        [site, `${req.origin}/`],
        ['All categories', `${req.origin}/categories`],
        [entry.category, canonicalUrl(req.origin, path)],
      ]),
    ],
    queries: [],
  };
}
