/** Path segments come percent-encoded from location.pathname; decode first so encoding them again is not doubled. */
function encodeSegment(segment: string): string {
  let raw = segment;
  try {
    raw = decodeURIComponent(segment);
  } catch {
    // A malformed escape is kept literally; encodeURIComponent then escapes its '%'.
  }
  return encodeURIComponent(raw);
}

/**
 * SPEC §2 new-tab path of the reveal flow: /couponsredirect/coupon/{store}/{id}, or on a category page
 * /couponsredirect/category/{categorySegment}/coupon/{store}/{id}. "More than two segments" is the source's
 * pathname.split('/').length > 2, i.e. /category/{x}; it is taken only when the first segment is 'category'
 * so that /store/{slug} is not mistaken for a category page. Every segment is URI-encoded.
 */
export function revealNewTabPath(currentPath: string, storeSlugOrName: string, couponId: string): string {
  const tail = `coupon/${encodeURIComponent(storeSlugOrName)}/${encodeURIComponent(couponId)}`;
  const pathname = currentPath.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter((s) => s !== '');
  const [first, category] = segments;
  if (first === 'category' && category !== undefined) {
    return `/couponsredirect/category/${encodeSegment(category)}/${tail}`;
  }
  return `/couponsredirect/${tail}`;
}
