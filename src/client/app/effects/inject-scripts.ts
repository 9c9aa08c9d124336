import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { domainAtom } from '../../api/website';

/** The tenant's script fields (SPEC §1/§3), each injected once per page load. */
export interface DomainScripts {
  header_html?: string;
  header_js?: string;
  footer_js?: string;
}

const MARK = 'data-dealdeck-script';

function alreadyInjected(doc: Document, id: string): boolean {
  return doc.querySelector(`script[${MARK}="${id}"]`) !== null;
}

/**
 * header_html is parsed (DOMParser: nothing in it runs) and each of its <script> elements is re-created as a real
 * script in <head> — inline text or src, with its other attributes; scripts with src keep their order unless async.
 * The page's CSP lists the hashes of the tenant's inline scripts (src/server/site/csp.ts) and trusts what the app inserts.
 */
export function injectHeaderHtml(html: string, doc: Document = document): number {
  if (!html.trim() || alreadyInjected(doc, 'header-html')) return 0;
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const sources = Array.from(parsed.querySelectorAll('script'));
  sources.forEach((source, i) => {
    const script = doc.createElement('script');
    for (const { name, value } of Array.from(source.attributes)) if (name !== 'nonce') script.setAttribute(name, value);
    if (source.src && !source.hasAttribute('async')) script.async = false;
    script.text = source.textContent ?? '';
    script.setAttribute(MARK, i === 0 ? 'header-html' : `header-html-${i}`);
    doc.head.appendChild(script);
  });
  return sources.length;
}

/** An inline script (header_js in <head>, footer_js at the end of <body>), hashed in the page's CSP. */
export function injectInlineScript(code: string, id: 'header-js' | 'footer-js', doc: Document = document): boolean {
  if (!code.trim() || alreadyInjected(doc, id)) return false;
  const script = doc.createElement('script');
  script.text = code;
  script.setAttribute(MARK, id);
  (id === 'header-js' ? doc.head : doc.body).appendChild(script);
  return true;
}

export function injectDomainScripts(scripts: DomainScripts, doc: Document = document): void {
  injectHeaderHtml(scripts.header_html ?? '', doc);
  injectInlineScript(scripts.header_js ?? '', 'header-js', doc);
  injectInlineScript(scripts.footer_js ?? '', 'footer-js', doc);
}

/** Injects the domain's header_html / header_js / footer_js once, at start (later changes of the data wait for a reload). */
export function useDomainScripts(): void {
  const { header_html, header_js, footer_js } = useAtomValue(domainAtom);
  useEffect(() => {
    injectDomainScripts({ header_html, header_js, footer_js });
  }, [header_html, header_js, footer_js]);
}
