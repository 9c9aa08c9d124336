import { httpUrl } from './http-url';

export type BannerLink = { kind: 'url'; href: string } | { kind: 'store'; to: string } | { kind: 'image' };

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
