import type { BannerDimension } from '../contract/values';

export interface BannerSize {
  width: number;
  height: number;
}

/** '1480 * 630' → { width: 1480, height: 630 }: the intrinsic size every banner image and its reserved box use. */
export function bannerSize(dimension: BannerDimension): BannerSize {
  const [w, h] = dimension.split('*').map((part) => Number.parseInt(part.trim(), 10));
  return { width: w && w > 0 ? w : 1, height: h && h > 0 ? h : 1 };
}
