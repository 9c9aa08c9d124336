import { createHash } from 'node:crypto';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

// CSP for HTML pages: scripts run only when their hash is listed ('strict-dynamic' then trusts what they load), never
// 'unsafe-inline' or 'unsafe-eval'. The hashes are those of inline code the server itself wrote (the hydration loader,
// the build template's own inline scripts) and of the tenant's script fields, so a document's bytes and its CSP are
// the same for every shopper and can be cached compressed (docs/decisions/006-hash-based-csp.md). Nothing is hashed
// by scanning a filled document: a script smuggled in through data would be hashed too.
// Data blocks (the bootstrap and JSON-LD, type application/json and application/ld+json) never execute: no hash.

/** The CSP source of a script's text ('sha256-…'): the browser hashes the UTF-8 of the element's text. */
export const scriptHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const isElement = (n: Node): n is Element => 'tagName' in n;

function scriptsOf(node: Node, out: Element[]): Element[] {
  if (isElement(node) && node.tagName === 'script') out.push(node);
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) scriptsOf(child, out);
  return out;
}

/**
 * The texts of the inline, executable scripts of trusted markup (the build's template, a tenant's header_html), as an
 * HTML parser sees them: the client re-creates header_html's scripts from DOMParser's textContent, the same text.
 */
export function inlineScriptTexts(html: string): string[] {
  if (!html.includes('<')) return [];
  return scriptsOf(parseFragment(html), []).flatMap((el) => {
    const attr = (name: string) => el.attrs.find((a) => a.name === name)?.value;
    if (attr('src') !== undefined || !EXECUTABLE_TYPES.has((attr('type') ?? '').trim().toLowerCase())) return [];
    const text = el.childNodes.map((c) => ('value' in c && c.nodeName === '#text' ? c.value : '')).join('');
    return text.trim() ? [text] : [];
  });
}

/** The tenant's script fields (SPEC §1/§3) that the client injects as inline scripts. */
export interface TenantScripts {
  header_html?: string | null;
  header_js?: string | null;
  footer_js?: string | null;
}

/** Hash sources of the inline code a tenant's pages run (header_html's inline scripts, header_js, footer_js). */
export function tenantScriptHashes(d: TenantScripts): string[] {
  const texts = [...inlineScriptTexts(d.header_html ?? ''), d.header_js ?? '', d.footer_js ?? ''].filter(
    (t) => t.trim() !== '',
  );
  return [...new Set(texts.map(scriptHash))];
}

/** A host as a CSP host-source on any port, or null when it is not a plain host name (nothing to inject). */
const hostSource = (host: string): string | null => (/^[a-z0-9.-]+$/i.test(host) ? `${host}:*` : null);

/**
 * The page's policy. `framers`: other hosts that may frame it — an operators' preview (`?layout=`, never cached) may
 * be shown by the console on any tenant's host; every other page may be framed only by its own site.
 */
export function htmlCsp(scriptHashes: readonly string[], framers: readonly string[] = []): string {
  const ancestors = ["'self'", ...framers.flatMap((h) => hostSource(h) ?? [])];
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(scriptHashes)].join(' ')}${scriptHashes.length ? ' ' : ''}'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data: https:",
    "connect-src 'self' https:",
    'frame-src https://www.google.com https://recaptcha.google.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${[...new Set(ancestors)].join(' ')}`,
  ].join('; ');
}
