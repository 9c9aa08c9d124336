import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BannerDimension } from '../../../shared/contract/values';
import { bannerLink, type BannerLink } from '../../../shared/rules/banner-link';
import { httpUrl } from '../../../shared/rules/http-url';
import type { BannerEntry } from '../../api/banners';
import { useAssetUrl } from '../../lib/use-asset-url';
import { bannerSize } from '../../../shared/rules/banner-size';
import './banner-image.css';

interface Props {
  banner: BannerEntry;
  /** The section's dimension; an API banner's own banner_dimension wins (banners_v2 entries have none). */
  dimension: BannerDimension;
  /** The page's LCP banner: eager, fetchpriority high. */
  priority?: boolean;
}

const isApiBanner = (b: BannerEntry): b is Extract<BannerEntry, { banner_dimension: BannerDimension }> =>
  'banner_dimension' in b;

/** SPEC §2: ad/recommend banners open their http(s) redirect_url in a new tab; banners_v2 follow the shared bannerLink rule. */
export function linkOf(banner: BannerEntry): BannerLink {
  if (!isApiBanner(banner)) return bannerLink({ url: banner.url, storeId: banner.storeId });
  const href = httpUrl(banner.redirect_url);
  return href ? { kind: 'url', href } : { kind: 'image' };
}

function hostOf(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function altOf(link: BannerLink): string {
  if (link.kind === 'url') return `Advertisement: ${hostOf(link.href)}`;
  if (link.kind === 'store') return `Advertisement: ${decodeURIComponent(link.to.replace(/^\/store\//, ''))} store`;
  return 'Advertisement';
}

/** One banner at its intrinsic size (responsive, no layout shift), linked by the SPEC rule; a broken image shows a neutral box. */
export function BannerImage({ banner, dimension, priority = false }: Props) {
  const assetUrl = useAssetUrl();
  const [failed, setFailed] = useState(false);
  const { width, height } = bannerSize(isApiBanner(banner) ? banner.banner_dimension : dimension);
  const path = isApiBanner(banner) ? banner.image_url?.trim() || banner.image_upload : banner.image;
  const link = linkOf(banner);
  const alt = altOf(link);
  const style = { aspectRatio: `${width} / ${height}` };
  const picture = failed ? (
    <span className="banner-image-fallback" role="img" aria-label={alt} style={style}>
      {alt}
    </span>
  ) : (
    <img
      className="banner-image-img"
      src={assetUrl(path)}
      alt={alt}
      width={width}
      height={height}
      style={style}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
  if (link.kind === 'url') {
    return (
      <a className="banner-image" href={link.href} target="_blank" rel="sponsored nofollow noopener">
        {picture}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  if (link.kind === 'store') {
    return (
      <Link className="banner-image" to={link.to}>
        {picture}
      </Link>
    );
  }
  return <span className="banner-image">{picture}</span>;
}
