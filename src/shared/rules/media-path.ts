import type { Size } from '../console/media-box';

// Issue 26: the names of uploaded images (under /assets/), and the PNG a mail shows in place of an image the site
// draws as WebP (uploads) or SVG (the demo's generated images): most mail clients show neither.

/** 'media/<32 hex>-<w>x<h>.<png|webp>': the content hash, then the size the image is made at. */
export const MEDIA_FILE = /^([0-9a-f]{32})-([1-9]\d{0,3})x([1-9]\d{0,3})\.(png|webp)$/;
export type MediaFormat = 'png' | 'webp';

export function mediaPath(hash: string, size: Size, format: MediaFormat): string {
  return `media/${hash}-${size.width}x${size.height}.${format}`;
}

/** An uploaded image's name, read back: its hash, size and format, or null for any other path. */
export function parseMediaFile(
  file: string,
): { hash: string; width: number; height: number; format: MediaFormat } | null {
  const m = MEDIA_FILE.exec(file);
  if (!m) return null;
  return { hash: m[1]!, width: Number(m[2]), height: Number(m[3]), format: m[4] as MediaFormat };
}

/** The intrinsic size of an uploaded image from its stored path (relative or absolute), else null. */
export function mediaSize(path: string): Size | null {
  const file = /(?:^|\/)media\/([^/?#]+)(?:[?#].*)?$/.exec(path.trim())?.[1];
  const parsed = file ? parseMediaFile(file) : null;
  return parsed ? { width: parsed.width, height: parsed.height } : null;
}

/**
 * The stored image path a mail uses: an upload's PNG rendition, and the PNG the server draws of a relative .svg
 * (rasterised on first request); any other path unchanged.
 */
export function mailImagePath(path: string): string {
  const p = path.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(p) || p.startsWith('//')) return p;
  const media = /^(.*\bmedia\/[0-9a-f]{32}-\d+x\d+)\.webp$/.exec(p);
  if (media) return `${media[1]}.png`;
  return p.replace(/\.svg$/i, '.png');
}
