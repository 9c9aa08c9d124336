export type BannerLink = { kind: 'url'; href: string } | { kind: 'store'; to: string } | { kind: 'image' };

/** Only absolute http(s) URLs may leave the site from a banner; javascript:, data:, relative or protocol-relative text is ignored. */
export function httpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || !/^https?:\/\//i.test(text)) return null;
  try {
    new URL(text); // rejects a malformed host such as 'http://' or 'https://a b'
    return text;
  } catch {
    return null;
  }
}

/**
 * SPEC §2/§5 banner link choice: its url when present (http(s) only, otherwise treated as absent),
 * else the store page when storeId is set (non-blank, trimmed), else a plain image.
 */
export function bannerLink(b: { url?: string | null; storeId?: string | null }): BannerLink {
  const href = httpUrl(b.url);
  if (href) return { kind: 'url', href };
  const storeId = b.storeId?.trim();
  if (storeId) return { kind: 'store', to: `/store/${encodeURIComponent(storeId)}` };
  return { kind: 'image' };
}
