import type { Tenant } from '../db/repositories/domains';
import type { Bootstrap } from '../../shared/contract/bootstrap';
import { sectionFiles, type SectionChunks } from '../build/section-chunks';
import type { PageModule } from '../../shared/routes';
import { cssColour } from '../../shared/rules/css-colour';
import { imageUrl } from '../../shared/rules/image-url';
import { scriptHash } from './csp';
import { escapeHtml, scriptSafeJson } from '../lib/escape';
import type { JsonLd } from './json-ld';
import type { PageMeta } from './page-meta';

// index.html with the tenant's <head> tags and the inline JSON bootstrap (contract: shared conventions).
export const HEAD_MARKER = '<!--dealdeck:head-->';
export const BOOTSTRAP_MARKER = '<!--dealdeck:bootstrap-->';
export const ASSET_BASE = '/assets/';

export type { Bootstrap };

/** SPEC §3 image rule (src/shared/rules/image-url.ts) under the site's asset base. */
export const assetUrl = (path: string): string => imageUrl(path, ASSET_BASE, '');

/** Accepts a bare token or a whole <meta … content="token"> tag. */
function verificationToken(tag: string): string {
  return /content\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? tag.trim();
}

/** The page's head: title, description, robots, canonical, sharing tags and JSON-LD (a data block, </script>-safe). */
export function renderHead(tenant: Tenant, meta: PageMeta, jsonLd: JsonLd): string {
  const d = tenant.data;
  const attr = escapeHtml;
  const themeColour = cssColour(d.header_color);
  const favicon = assetUrl(d.favicon ?? '');
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}">`,
    d.meta_tag ? `<meta name="keywords" content="${attr(d.meta_tag)}">` : '',
    meta.robots ? `<meta name="robots" content="${attr(meta.robots)}">` : '',
    favicon ? `<link rel="icon" href="${attr(favicon)}">` : '',
    d.google_verification_tag
      ? `<meta name="google-site-verification" content="${attr(verificationToken(d.google_verification_tag))}">`
      : '',
    meta.canonical ? `<link rel="canonical" href="${attr(meta.canonical)}">` : '',
    themeColour ? `<meta name="theme-color" content="${attr(themeColour)}">` : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${attr(d.name)}">`,
    `<meta property="og:title" content="${attr(meta.title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    `<meta property="og:url" content="${attr(meta.url)}">`,
    meta.image ? `<meta property="og:image" content="${attr(meta.image)}">` : '',
    '<meta name="twitter:card" content="summary">',
    `<meta name="twitter:title" content="${attr(meta.title)}">`,
    `<meta name="twitter:description" content="${attr(meta.description)}">`,
    meta.image ? `<meta name="twitter:image" content="${attr(meta.image)}">` : '',
    `<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The entry's imports and the section chunks, named so they download beside the entry (no waterfall after it runs): JS
 * as modulepreload, CSS as stylesheets (the client's loader finds them already in the head and does not add them again).
 * On a page the server drew the JS is left out: `hydrationLoader` asks for it once the page has loaded.
 */
export function renderSectionPreloads(
  chunks: SectionChunks,
  js: 'preload' | 'deferred' = 'preload',
  page: PageModule | null = null,
  types: readonly string[] = [],
): string {
  return [
    ...chunks.css.map((f) => `<link rel="stylesheet" href="${assetHref(f)}">`),
    ...(js === 'preload'
      ? moduleFiles(chunks, page, types).map((f) => `<link rel="modulepreload" crossorigin href="${assetHref(f)}">`)
      : []),
  ].join('\n    ');
}

/** A build file's root-relative path ('assets/x.js' → '/assets/x.js'). */
const assetPath = (f: string) => `/${f.replace(/^\/+/, '')}`;
const assetHref = (f: string) => escapeHtml(assetPath(f));
/**
 * The entry's own imports, then the chunks of the page at hand (a lazy page module, if any), then the registry's and
 * those of the section types the page's layout documents use.
 */
export const moduleFiles = (chunks: SectionChunks, page: PageModule | null, types: readonly string[]): string[] => [
  ...new Set([
    ...(chunks.entryImports ?? []),
    ...((page && chunks.pages?.[page]) || []),
    ...sectionFiles(chunks, types),
  ]),
];

/** A script of the build's template, started by the loader: an external module (`src`) or inline code (`text`). */
export type TemplateScript = { src: string; module: boolean } | { text: string; module: boolean };

/**
 * The only way the app's scripts start (under 'strict-dynamic' a parser-inserted script needs a nonce or a hash; this
 * loader is hashed and what it inserts is trusted through it). It inserts the template's scripts in their order
 * (async off, so they run in that order: Vite's dev client and React Refresh preamble before the app). On a page the
 * server drew, the scripts only make it interactive: they are asked for once the page has loaded (its images
 * included), or at the shopper's first tap, key or focus if that comes sooner, so they never compete with the
 * stylesheet and the largest image. A page the browser draws asks for them at once (`when: 'now'`). `modules` are
 * root-relative asset paths to preload first.
 */
export function hydrationLoader(
  scripts: TemplateScript[],
  modules: string[],
  when: 'load' | 'now',
): { tag: string; hash: string } {
  const json = (v: unknown) => scriptSafeJson(v);
  const code =
    '(function(e,m,now){var d=document,done=0;' +
    'function add(t,a){var x=d.createElement(t);for(var k in a)x[k]=a[k];d.head.appendChild(x)}' +
    "function go(){if(done)return;done=1;m.forEach(function(h){add('link',{rel:'modulepreload',crossOrigin:'',href:h})});" +
    "e.forEach(function(s){var a={async:false};if(s.module)a.type='module';if(s.src){a.src=s.src;a.crossOrigin=''}else a.text=s.text;add('script',a)})}" +
    "if(now||d.readyState==='complete')go();else{addEventListener('load',go);['pointerdown','keydown','touchstart','focusin'].forEach(function(t){addEventListener(t,go,{capture:true,passive:true})})}" +
    `})(${json(scripts)},${json(modules)},${when === 'now'})`;
  return { tag: `<script>${code}</script>`, hash: scriptHash(code) };
}

export function renderBootstrap(b: Bootstrap): string {
  return `<script type="application/json" id="dealdeck-bootstrap">${scriptSafeJson(b)}</script>`;
}

/** The app's mount point in index.html; server-rendered pages fill it. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/** The template's script elements (the build's entry; in development Vite's client and preamble too). */
const TEMPLATE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>\s*/g;
const attrOf = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

/** The template's executable scripts, in order (data blocks such as JSON stay where they are). */
export function templateScripts(template: string): TemplateScript[] {
  return [...template.matchAll(TEMPLATE_SCRIPT)].flatMap(([, attrs = '', text = '']) => {
    const type = attrOf(attrs, 'type') ?? '';
    if (type !== '' && type !== 'module' && !/javascript/i.test(type)) return [];
    const src = attrOf(attrs, 'src');
    const module = type === 'module';
    return [src !== undefined ? { src, module } : { text, module }];
  });
}

export interface RenderedDocument {
  html: string;
  /** CSP hash sources of the inline scripts this document carries: the loader's. */
  scriptHashes: string[];
}

/**
 * Fills the two markers; the template's scripts are started by the hydration loader (at once, or after load on a page
 * the server `drawn`, whose HTML also fills #root). Only the trusted template's scripts are moved into the loader,
 * before any data goes in.
 */
export function renderPage(
  template: string,
  head: string,
  bootstrap: string,
  drawn?: { html: string; modules: string[] },
): RenderedDocument {
  const scripts = templateScripts(template);
  const loader = scripts.length
    ? hydrationLoader(scripts, drawn ? drawn.modules.map(assetPath) : [], drawn ? 'load' : 'now')
    : null;
  let first = true;
  const withoutScripts = template.replace(TEMPLATE_SCRIPT, (tag, attrs: string) => {
    const type = attrOf(attrs, 'type') ?? '';
    if (type !== '' && type !== 'module' && !/javascript/i.test(type)) return tag;
    const out = first && loader ? loader.tag : '';
    first = false;
    return out;
  });
  const filled = withoutScripts.replace(HEAD_MARKER, () => head).replace(BOOTSTRAP_MARKER, () => bootstrap);
  const html = drawn ? filled.replace(ROOT_ELEMENT, () => `<div id="root">${drawn.html}</div>`) : filled;
  return { html, scriptHashes: loader ? [loader.hash] : [] };
}
