// Not in rules/: the build puts rules/ in the chunk every home loads; this text is only for the offer-list pages.
/** Shown above every list of offers when the tenant's domain data has no affiliate_disclosure of its own (issue 13). */
export const DEFAULT_AFFILIATE_DISCLOSURE =
  'We may earn a commission when you use one of our coupons or links to make a purchase. ' +
  'This never changes the price you pay or which offers we list.';

/** The tenant's disclosure with its whitespace collapsed, or the default when it is absent or blank. Plain text. */
export function affiliateDisclosure(own: string | null | undefined): string {
  const text = (own ?? '').replace(/\s+/g, ' ').trim();
  return text || DEFAULT_AFFILIATE_DISCLOSURE;
}
