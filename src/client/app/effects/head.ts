import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { domainAtom } from '../../api/website';
import { useAssetUrl } from '../../lib/use-asset-url';
import { formatTitle, pageTitleAtom } from '../../lib/page-title';

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
    if (domain.meta_description !== undefined)
      headElement('meta', 'name', 'description').setAttribute('content', domain.meta_description);
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
