import type { BannerDimension } from '../contract/values';
import { bannerSize } from '../rules/banner-size';

// In shared/console, not shared/rules: the shop's first-load chunk takes every module of rules/ (vite.config.ts), and
// only the console and the server use this one.

// Issue 26: an uploaded image is drawn at the size of the box its page reserves (width and height attributes and a
// fixed aspect ratio, so nothing shifts): the site logo 260 × 56, store logos 240 × 160, favicons square, a banner its
// dimension. Each is made at twice that (sharp on high-density screens), never larger than the file sent, and padded
// (transparent) to exactly the box's ratio: the page never stretches it.

export interface Size {
  width: number;
  height: number;
}

export type MediaKind = 'logo' | 'favicon' | 'store' | 'banner';

/** Where a banner has no dimension, the image keeps its own ratio, at most this wide or high. */
export const MAX_FREE_SIDE = 1600;

/** The box an image of `kind` is made for (twice the page's box), or null: its own ratio. */
export function mediaBox(kind: MediaKind, dimension?: BannerDimension): Size | null {
  if (kind === 'logo') return { width: 520, height: 112 };
  if (kind === 'store') return { width: 480, height: 320 };
  if (kind === 'favicon') return { width: 128, height: 128 };
  if (!dimension) return null;
  const b = bannerSize(dimension);
  const scale = Math.min(2, MAX_FREE_SIDE / Math.max(b.width, b.height));
  return { width: Math.round(b.width * scale), height: Math.round(b.height * scale) };
}

/**
 * How a source of `source` size is drawn into `box`: `image` is its scaled size (inside the box, never enlarged),
 * `canvas` the output (the image centred, padded to the box's ratio). Without a box: the source, at most MAX_FREE_SIDE.
 */
export function fitInto(source: Size, box: Size | null): { image: Size; canvas: Size } {
  const w = Math.max(1, Math.round(source.width));
  const h = Math.max(1, Math.round(source.height));
  const limit = box ?? { width: MAX_FREE_SIDE, height: MAX_FREE_SIDE };
  const scale = Math.min(1, limit.width / w, limit.height / h);
  const image = { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
  if (!box) return { image, canvas: image };
  const ratio = box.width / box.height;
  const canvas =
    image.width / image.height > ratio
      ? { width: image.width, height: Math.max(image.height, Math.round(image.width / ratio)) }
      : { width: Math.max(image.width, Math.round(image.height * ratio)), height: image.height };
  return { image, canvas };
}
