import { useContext, useState, type ImgHTMLAttributes } from 'react';
import { AboveFoldContext } from '../engine/above-fold';
import { STORE_PLACEHOLDER, useAssetUrl } from '../lib/use-asset-url';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'alt'> {
  /** Path as stored in the data (asset-base relative or absolute). */
  path: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** Asset-relative placeholder used when the path is missing or the image fails to load. */
  placeholder?: string;
  /** true for the LCP image: eager + fetchpriority high; otherwise lazy, except in the first viewport's sections. */
  priority?: boolean;
}

/** An image with its size reserved (no layout shift) that falls back to a placeholder when it is missing or broken. */
export function FallbackImage({
  path,
  alt,
  width,
  height,
  placeholder = STORE_PLACEHOLDER,
  priority = false,
  ...rest
}: Props) {
  const assetUrl = useAssetUrl();
  const aboveFold = useContext(AboveFoldContext);
  const [failed, setFailed] = useState(false);
  const src = failed ? assetUrl(placeholder, placeholder) : assetUrl(path, placeholder);
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority || aboveFold ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
    />
  );
}
