import { MAX_PAGE } from '../contract/values';
import { PAGE_ROUTES, type PageParam } from '../routes';
import { offerQuery, parseOfferParams } from './offer-params';

// Issue 27: a document's cache key, and the links a page draws to itself, hold only the parameters the page reads
// (its route's `reads`, src/shared/routes.ts), each in one spelling, in one order. `?utm_x=<random>` or `?page=01`
// is the same document as the page without it, so it can neither make a new cache entry nor a new link.

/** The search page's ?type=stores (its other ?type values are offer filters). */
const STORES_VIEW = 'stores';

/** The 1-based page of an address, as the server and the browser both read it: anything unreadable is page 1. */
export function readPage(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/**
 * The canonical query (no "?") of a page that reads `reads`: defaults left out, offer filters in their current
 * spelling, free text kept as sent (only re-encoded), in the order of `reads`. '' for the page without one.
 */
export function canonicalPageQuery(reads: readonly PageParam[], get: (name: string) => string | null): string {
  const out: [string, string][] = [];
  for (const read of reads) {
    if (read === 'page') {
      const page = readPage(get('page'));
      if (page > 1) out.push(['page', String(page)]);
    } else if (read === 'offers') {
      const { type, ...rest } = offerQuery(parseOfferParams(get));
      out.push(...Object.entries(rest));
      // On the search page ?type=stores is the view; an offer type can then only have come from the legacy ?show=.
      if (type !== undefined)
        out.push(reads.includes('view') && get('type') === STORES_VIEW ? ['show', `${type}s`] : ['type', type]);
    } else if (read === 'view') {
      if (get('type') === STORES_VIEW) out.push(['type', STORES_VIEW]);
    } else {
      const value = get(read);
      if (value !== null && value !== '') out.push([read, value]);
    }
  }
  return new URLSearchParams(out).toString();
}

const split = (path: string) => path.split('/').filter((s) => s !== '');
const ROUTES = PAGE_ROUTES.map((r) => ({ segments: split(r.path), reads: r.reads }));

/**
 * What the page at `path` reads: its route's `reads`; nothing for the homes, the login redirect and the not-found
 * page (their documents read no parameter).
 */
export function pageReads(path: string): readonly PageParam[] {
  const segments = split(path);
  const found = ROUTES.find(
    (r) => r.segments.length === segments.length && r.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
  );
  return found?.reads ?? [];
}

/** `path?query` with the query made canonical for the page at `path` (see canonicalPageQuery). */
export function canonicalPageUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const path = url.slice(0, q);
  const params = new URLSearchParams(url.slice(q + 1));
  const query = canonicalPageQuery(pageReads(path), (name) => params.get(name));
  return query ? `${path}?${query}` : path;
}
