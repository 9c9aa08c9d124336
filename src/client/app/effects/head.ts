import { useEffect } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { domainAtom } from '../../api/website';
import { useAssetUrl } from '../../lib/use-asset-url';

/** The current page's own title (null: the site name alone). Set through usePageTitle. */
export const pageTitleAtom = atom<string | null>(null);

/** "Page | Site", or the site name alone when the page has no title of its own. */
export function formatTitle(pageTitle: string | null | undefined, siteName: string): string {
  const page = pageTitle?.trim();
  if (!page || page === siteName) return siteName;
  return siteName ? `${page} | ${siteName}` : page;
}

/** For pages: `usePageTitle('Stores')` → document.title "Stores | <site name>" while the page is shown. One per page. */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useSetAtom(pageTitleAtom);
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [setTitle, title]);
}

/** Keeps <title>, the favicon and the meta description in step with the domain data (the server rendered the first ones). */
export function useDomainHead(): void {
  const domain = useAtomValue(domainAtom);
  const pageTitle = useAtomValue(pageTitleAtom);
  const assetUrl = useAssetUrl();
  const favicon = domain.favicon ? assetUrl(domain.favicon, domain.favicon) : null;

  useEffect(() => {
    document.title = formatTitle(pageTitle, domain.name);
  }, [pageTitle, domain.name]);

  useEffect(() => {
    if (favicon) headElement('link', 'rel', 'icon').setAttribute('href', favicon);
  }, [favicon]);

  useEffect(() => {
    if (domain.meta_description !== undefined) headElement('meta', 'name', 'description').setAttribute('content', domain.meta_description);
  }, [domain.meta_description]);
}

/** The head's <tag key="value">, created when missing. */
function headElement(tag: 'link' | 'meta', key: string, value: string): Element {
  const found = document.head.querySelector(`${tag}[${key}="${value}"]`);
  if (found) return found;
  const el = document.createElement(tag);
  el.setAttribute(key, value);
  document.head.appendChild(el);
  return el;
}
