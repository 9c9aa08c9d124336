import { imageUrl } from '../rules/image-url';

// In shared/console, not shared/rules: the shop's first-load chunk takes every module of rules/ (vite.config.ts), and
// only the console and the server use this one.

/** What an operator is told when an image address would not show on the site (issue 26). */
export const IMAGE_SOURCE_HINT = 'Use an https: address or upload the image.';

// A tenant's pages are served over https, and over plain http on local and dev hosts: an image must load on both.
const PAGES = ['http://tenant.invalid/store/page', 'https://tenant.invalid/store/page'];
/** The scheme as a browser reads it (controls and spaces around it and tabs and newlines within are dropped). */
// eslint-disable-next-line no-control-regex -- the URL standard's own stripping of C0 controls
const schemeOf = (v: string) => /^([a-z][a-z0-9+.-]*):/i.exec(v.replace(/^[\u0000-\u0020]+|[\t\n\r]/g, ''))?.[1];

/**
 * Why a stored image address (logo, favicon, store or banner image) would not show on the tenant's pages, or null when
 * it would: the address the page asks for (an asset-relative path under /assets/, or an absolute URL, SPEC §3's
 * imageUrl) must be the site's own or https:, as the pages' CSP `img-src 'self' data: https:` demands. Blank is fine
 * (no image). data: and other schemes are dropped by imageUrl, so they are refused as well.
 */
export function imageSourceProblem(value: string | null | undefined): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return null;
  const src = imageUrl(text, '/assets/', '');
  const shown = text.length > 80 ? `${text.slice(0, 77)}…` : text;
  const refused = `"${shown}" would be blocked on the site's pages. ${IMAGE_SOURCE_HINT}`;
  const scheme = schemeOf(text);
  if (src === '' || (scheme !== undefined && scheme.toLowerCase() !== 'https')) return refused;
  // '//host/x' means another site's image over whatever the page uses (imageUrl would look for it under /assets/).
  if (/^[/\\]{2}/.test(text.replace(/[\t\n\r]/g, ''))) return refused;
  for (const page of PAGES) {
    let url: URL;
    try {
      url = new URL(src, page);
    } catch {
      return `"${shown}" is not a valid address. ${IMAGE_SOURCE_HINT}`;
    }
    if (url.origin !== new URL(page).origin && url.protocol !== 'https:') return refused;
  }
  return null;
}
