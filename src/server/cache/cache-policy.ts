import { votePath } from '../../shared/contract/queries/votes';
import { SPA_ROUTES } from '../../shared/spa-routes';

// Which answers the response cache keeps, and for how long. Invalidation (response-cache.ts) does the rest:
// - 'catalogue': coupons, banners, editorial lists, website data. Nothing in the API writes them; kept ttlMs.
// - 'visits': answers holding stores.visit_count or ordered by it (store lists, top visited, store page). A coupon
//   visit drops them all (the store may be published by several tenants); coupon lists, banners and pages stay.
// - 'html': the per-tenant documents of src/server/site (fresh nonce per response), htmlTtlMs. They are not dropped
//   per visit: a visit count inlined in a page may be up to htmlTtlMs old, as old as a browser's max-age=30 copy.
export type CacheKind = 'catalogue' | 'visits' | 'html';

export interface CacheTimes {
  ttlMs: number;
  visitTtlMs: number;
  htmlTtlMs: number;
}

export const DEFAULT_TIMES: CacheTimes = { ttlMs: 30_000, visitTtlMs: 30_000, htmlTtlMs: 30_000 };

const CATALOGUE = [
  '/api/end-user/website-data/fetchByDomain',
  '/websiteData/fetchAll',
  '/api/end-user/website-data/fetchFooterJS',
  '/api/end-user/website-data/google-verification-tag',
  '/api/end-user/coupon/getUniqueCategoryAndCount',
  '/api/end-user/coupon/getCouponsBasedOnCategory',
  '/api/end-user/coupon/coupons-by-category',
  '/api/end-user/coupon/getCouponsBasedOnDomain',
  '/api/end-user/coupon/coupon-list-by-website',
  '/api/end-user/coupon/coupons-by-storeid',
  '/api/end-user/coupon/coupon-by-id',
  '/end-user/coupon/search-coupon',
  '/v2/fetch/couponurl',
  '/api/end-user/store-rating/store-rating-average',
  '/end-user/advertisement/recommendBannerByDomain',
  '/end-user/advertisement/getAdBannerByDomain',
  '/api/end-user/banners',
  '/end-user/deals-info/',
  '/api/end-user/feature-cards',
];

const VISITS = [
  '/api/end-user/store/getStoresBasedOnDomain',
  '/api/end-user/store/getActiveStoresBasedOnDomain',
  '/api/end-user/store/stores-by-name',
  '/end-user/store/search-store',
  '/api/end-user/store/latest-stores',
  '/api/end-user/store/top-visited-stores',
  '/api/end-user/store/getStoreByIdAndAllItsCoupons',
  '/api/end-user/store/store-by-slug',
];

const KINDS = new Map<string, CacheKind>([
  ...CATALOGUE.map((u) => [u, 'catalogue'] as const),
  ...VISITS.map((u) => [u, 'visits'] as const),
  // Not the catch-all '/*' (SPA 404 for any path): any URL would be a new entry, and that page is cheap.
  ...SPA_ROUTES.map((u) => [u, 'html'] as const),
]);

/** The kind of a route (its pattern, as Fastify reports it in routeOptions.url), or undefined: never cached. */
export function cacheKindOf(routeUrl: string | undefined): CacheKind | undefined {
  if (routeUrl === undefined) return undefined;
  return KINDS.get(routeUrl) ?? KINDS.get(routeUrl.endsWith('/') ? routeUrl.slice(0, -1) : `${routeUrl}/`);
}

export function ttlOf(kind: CacheKind, t: CacheTimes): number {
  return kind === 'catalogue' ? t.ttlMs : kind === 'visits' ? t.visitTtlMs : t.htmlTtlMs;
}

/**
 * Writes that change nothing a cached GET returns. Any other successful write drops every cached answer
 * (safe default for operator writes added later); record-visit drops the 'visits' answers itself.
 */
export const WRITES_WITHOUT_READ_EFFECT = new Set([
  '/end-user/newsletter/email-subscribe', // subscriptions are never read back by the public API
  '/api/end-user/search/record', // searches are stored for operators, not shown
  '/api/end-user/mail/sendMail',
  '/system-user/register',
  '/system-user/login',
  '/api/end-user/coupon/record-visit',
  '/api/end-user/coupon/record-clickout', // A/B layout click-outs: only the experiments' report reads them
  // A vote changes its coupon's tally in every answer holding the coupon: those may lag up to ttlMs (documented in
  // src/server/routes/README.md; the voter's own answer carries the new tally). Dropping everything per vote would
  // let anyone empty every tenant's cache ten times a minute per IP.
  votePath,
]);

/**
 * The console's writes (/api/admin/…, issue 15) drop exactly the answers they change themselves (src/server/routes/admin
 * calls invalidateTenant / invalidateStore), so the catch-all "drop everything" does not apply to them.
 */
export const invalidatesItself = (routeUrl: string): boolean => routeUrl.startsWith('/api/admin/');

/**
 * "/a?b=2&a=1" → "/a?a=1&b=2": the same query in another order is the same answer. With `names` (the parameters the
 * route declares), every other parameter is dropped: it cannot change the answer (issue 27; see keptQuery).
 */
export function normaliseUrl(url: string, names?: ReadonlySet<string> | null): string {
  const q = url.indexOf('?');
  if (q < 0) return url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  let path = url.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const params = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '' && (!names || names.has(paramName(p))))
    .sort();
  return params.length ? `${path}?${params.join('&')}` : path;
}

/** The decoded name of one `name=value` pair of a query string. */
function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The path part of a URL without a trailing slash: how routes are looked up by declared parameters. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The query parameters a cached API route declares (its querystring schema's properties), or null when it declares
 * none in a form read here (then its whole query is the key, as before).
 */
export function declaredParams(schema: unknown): ReadonlySet<string> | null {
  const query = (schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring;
  return query?.properties ? new Set(Object.keys(query.properties)) : null;
}
