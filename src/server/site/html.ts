import type { Tenant } from '../db/repositories/domains';
import type { LoadedDocument } from '../../shared/layout/types';
import type { ResolvedLayouts } from '../layouts/load';
import { escapeHtml, scriptSafeJson } from './escape';

// index.html with the tenant's <head> tags and the inline JSON bootstrap (contract: shared conventions).
export const HEAD_MARKER = '<!--dealdeck:head-->';
export const BOOTSTRAP_MARKER = '<!--dealdeck:bootstrap-->';
export const ASSET_BASE = '/assets/';

export interface Bootstrap {
  host: string;
  domain: Tenant['data'];
  layouts: ResolvedLayouts | null;
  homeVariants: Record<string, LoadedDocument>;
  config: { apiBase: string; assetBase: string; recaptchaSiteKey: string | null; analyticsId: string | null; preview: boolean };
}

/** SPEC §3 image rule: relative paths get the asset base, anything containing 'http' is used as is. */
export const assetUrl = (path: string): string => (path.includes('http') ? path : `${ASSET_BASE}${path.replace(/^\/+/, '')}`);

/** Accepts a bare token or a whole <meta … content="token"> tag. */
function verificationToken(tag: string): string {
  return /content\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? tag.trim();
}

export function renderHead(tenant: Tenant, canonical: string, nonce: string): string {
  const d = tenant.data;
  const tags = [
    `<title>${escapeHtml(d.name)}</title>`,
    `<meta name="description" content="${escapeHtml(d.meta_description)}">`,
    d.meta_tag ? `<meta name="keywords" content="${escapeHtml(d.meta_tag)}">` : '',
    d.favicon ? `<link rel="icon" href="${escapeHtml(assetUrl(d.favicon))}">` : '',
    d.google_verification_tag ? `<meta name="google-site-verification" content="${escapeHtml(verificationToken(d.google_verification_tag))}">` : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    d.header_color ? `<meta name="theme-color" content="${escapeHtml(d.header_color)}">` : '',
    `<meta property="csp-nonce" nonce="${escapeHtml(nonce)}">`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

export function renderBootstrap(b: Bootstrap): string {
  return `<script type="application/json" id="dealdeck-bootstrap">${scriptSafeJson(b)}</script>`;
}

/** Fills the two markers and gives every script / module preload / stylesheet tag the response's nonce. */
export function renderPage(template: string, head: string, bootstrap: string, nonce: string): string {
  const withNonce = template.replace(/<(script|link)\b(?![^>]*\bnonce=)/gi, `<$1 nonce="${escapeHtml(nonce)}"`);
  return withNonce.replace(HEAD_MARKER, () => head).replace(BOOTSTRAP_MARKER, () => bootstrap);
}

export function statusPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}
