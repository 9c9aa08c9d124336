import { hasWebScheme } from './url-scheme';

/**
 * SPEC §3: image paths are relative to the asset base unless they already contain 'http' (literal rule).
 * Missing or blank → placeholder. Joined with exactly one '/' between base and path; an empty base leaves the path as is.
 */
export function imageUrl(path: string | null | undefined, assetBase: string, placeholder: string): string {
  const p = typeof path === 'string' ? path.trim() : '';
  // 'javascript:x//http' contains 'http' too: only relative or http(s) text may reach a src or href (issue 18).
  if (p === '' || !hasWebScheme(p)) return placeholder;
  if (p.includes('http')) return p;
  if (assetBase === '') return p;
  return `${assetBase.replace(/\/+$/, '')}/${p.replace(/^\/+/, '')}`;
}
