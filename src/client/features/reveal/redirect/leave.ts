import { useEffect } from 'react';

const REFERRER_META = 'meta[name="referrer"][data-redirect]';

/** Adds <meta name="referrer" content="no-referrer"> (once); the merchant then sees no referrer from this page. */
function addNoReferrerMeta(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>(REFERRER_META);
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'referrer';
  meta.content = 'no-referrer';
  meta.dataset.redirect = '';
  document.head.appendChild(meta);
  return meta;
}

/** While a 'zero-redirect-without-refer' page is shown, the document's referrer policy is no-referrer. */
export function useNoReferrer(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const meta = addNoReferrerMeta();
    return () => meta.remove();
  }, [active]);
}

/**
 * Leaves for the merchant in this tab. replace(): Back from the store skips this page (it would only redirect again).
 * `link` must come from resolveTarget (an API link for the coupon id).
 */
export function leaveTo(link: string, noReferrer: boolean): void {
  if (noReferrer) addNoReferrerMeta();
  window.location.replace(link);
}
