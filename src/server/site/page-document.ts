import type { Tenant } from '../db/repositories/domains';
import { shopperSeenPath } from '../../shared/contract/queries/coupon-url';
import { pageDocuments, sectionTypesOf } from '../../shared/layout/page-documents';
import { pageModuleOf } from '../../shared/spa-routes';
import { htmlCsp, scriptHash, tenantScriptHashes } from './csp';
import { moduleFiles, renderBootstrap, renderHead, renderPage, renderSectionPreloads, type Bootstrap } from './html';
import { graph, offers, organization } from './json-ld';
import { listedCoupons } from './listed-offers';
import type { PageMeta } from './page-meta';
import type { RenderedPage } from './server-render';
import type { SectionChunks } from '../build/section-chunks';

// The "secure" end of a page request: the document around the drawn page (head, JSON-LD, section preloads, the
// bootstrap, the hydration loader) and the CSP that lists the hash of every inline script it holds.

/** The experiment page's beacon: once loaded, POST shopperSeenPath (cookies go with it; no body, no answer read). */
export const SEEN_BEACON = `addEventListener('load',function(){navigator.sendBeacon&&navigator.sendBeacon(${JSON.stringify(shopperSeenPath)})})`;

export interface DocumentInput {
  template: string;
  chunks: SectionChunks;
  tenant: Tenant;
  origin: string;
  route: string | null;
  path: string;
  meta: PageMeta;
  data: Bootstrap;
  drawn: RenderedPage | null;
  /** A page of a running experiment tells the server, as it loads, that the browser kept its id (issue 24). */
  beacon: boolean;
  /** The console's host when the page is an operator's preview (the only one that may frame it). */
  framedBy: string | null;
}

export function pageDocument(d: DocumentInput): { html: string; csp: string } {
  const page = pageModuleOf(d.route);
  const types = sectionTypesOf(pageDocuments(d.path, d.data.layouts, d.data.homeVariants));
  const preloads = renderSectionPreloads(d.chunks, d.drawn ? 'deferred' : 'preload', page, types);
  const listed = d.drawn
    ? offers(listedCoupons(d.route, d.drawn.queries), d.origin, new Date(d.data.renderedAt ?? Date.now()))
    : [];
  const jsonLd = graph([organization(d.tenant, d.origin), ...d.meta.jsonLd, ...listed]);
  const seen = d.beacon ? SEEN_BEACON : '';
  const head = [renderHead(d.tenant, d.meta, jsonLd), preloads, seen && `<script>${seen}</script>`]
    .filter(Boolean)
    .join('\n    ');
  const doc = renderPage(
    d.template,
    head,
    renderBootstrap(d.data),
    d.drawn ? { html: d.drawn.html, modules: moduleFiles(d.chunks, page, types) } : undefined,
  );
  const hashes = [...doc.scriptHashes, ...tenantScriptHashes(d.tenant.data), ...(seen ? [scriptHash(seen)] : [])];
  return { html: doc.html, csp: htmlCsp(hashes, d.framedBy ? [d.framedBy] : []) };
}
