import type { InlinedQuery } from '../../shared/contract/bootstrap';
import { readPage } from '../../shared/rules/page-query';
import type { Db } from '../db/connect';
import type { Tenant } from '../db/repositories/domains';
import type { InlineApi } from './inline-api';
import { absoluteAsset, type JsonLd } from './json-ld';
import { plainText } from '../../shared/rules/plain-text';
import type { OfferParams } from '../../shared/rules/offer-params';
import type { ReadMemo } from '../cache/read-memo';

// What the server writes into a page: status, head (title, description, robots, canonical, sharing) and inlined queries.

export interface PageMeta {
  status: 200 | 404;
  /** The whole <title>, site name included. */
  title: string;
  description: string;
  /** e.g. 'noindex, follow'; null = indexable. */
  robots: string | null;
  /** Absolute canonical URL; null on pages that must not be indexed. */
  canonical: string | null;
  /** og:url: the canonical URL, else the page's own URL without its query. */
  url: string;
  /** Absolute og:image (store logo, else the tenant logo), null when there is none. */
  image: string | null;
  /** JSON-LD nodes besides the Organization every page carries. */
  jsonLd: JsonLd[];
  queries: InlinedQuery[];
}

export interface PageRequest {
  db: Db;
  /** Reads kept beside the response cache (cache/read-memo.ts). */
  reads: ReadMemo;
  api: InlineApi;
  tenant: Tenant;
  /** Scheme and host of the tenant, e.g. http://one.localhost */
  origin: string;
  /** The matched SPA route pattern ('/store/:storeSlug'), or null for a path no route serves. */
  route: string | null;
  params: Record<string, string>;
  /** The request path without its query. */
  path: string;
  /** ?page=N as the client reads it (1 when absent or not a whole number ≥ 1). */
  page: number;
  /** ?type=&verified=&sort= as the client reads them (src/shared/rules/offer-params.ts). */
  offers: OfferParams;
}

export const META_DESCRIPTION_MAX = 160;

/** Same rule as the client's usePageParam(): whole numbers from 1, capped at 10 000; anything else is page 1. */
export function pageParam(raw: unknown): number {
  return readPage(typeof raw === 'string' ? raw : null);
}

export const titled = (tenant: Tenant, title: string): string => `${title} | ${tenant.data.name}`;

/** Canonical URL: origin + path, keeping ?page=N (N > 1) on paged lists and dropping every other query. */
export function canonicalUrl(origin: string, path: string, page = 1): string {
  return `${origin}${path}${page > 1 ? `?page=${page}` : ''}`;
}

export function tenantImage(req: PageRequest): string | null {
  return absoluteAsset(req.origin, req.tenant.data.logo);
}

/** An indexable page of the site. */
export function plainPage(
  req: PageRequest,
  title: string,
  description: string,
  opts: { paged?: boolean; jsonLd?: JsonLd[] } = {},
): PageMeta {
  const canonical = canonicalUrl(req.origin, req.path, opts.paged ? req.page : 1);
  return {
    status: 200,
    title,
    description: plainText(description, META_DESCRIPTION_MAX),
    robots: null,
    canonical,
    url: canonical,
    image: tenantImage(req),
    jsonLd: opts.jsonLd ?? [],
    queries: [],
  };
}

/** A page kept out of the index (search, login, redirects, not found): no canonical link. */
export function hiddenPage(
  req: PageRequest,
  title: string,
  description: string,
  robots: string,
  status: 200 | 404 = 200,
): PageMeta {
  return {
    status,
    title,
    description: plainText(description, META_DESCRIPTION_MAX),
    robots,
    canonical: null,
    url: `${req.origin}${req.path}`,
    image: tenantImage(req),
    jsonLd: [],
    queries: [],
  };
}

export function notFoundPage(req: PageRequest, what = 'Page'): PageMeta {
  return hiddenPage(
    req,
    titled(req.tenant, `${what} not found`),
    `This ${what.toLowerCase()} does not exist on ${req.tenant.data.name}.`,
    'noindex, follow',
    404,
  );
}
