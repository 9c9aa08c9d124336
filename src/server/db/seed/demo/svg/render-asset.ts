// Maps an asset path (after '/assets/') to a generated SVG; strict patterns so nothing else, and no traversal, gets through.
import { bannerSpec } from '../banner-spec';
import { tenantConfig } from '../tenant-config';
import { bannerSvg } from './banner';
import {
  ICON_NAMES,
  PAYMENT_MARKS,
  faviconSvg,
  iconSvg,
  paymentSvg,
  storePlaceholderSvg,
  tenantLogoSvg,
} from './site-assets';
import { storeLogoSvg } from './store-logo';

export interface SvgAsset {
  contentType: 'image/svg+xml';
  body: string;
}

const STORE = /^stores\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const BANNER = /^banners\/([a-z]+)\/(\d+x\d+)-([1-9]\d?)\.svg$/;
const TENANT = /^tenants\/([a-z]+)\/(logo|favicon)\.svg$/;
const PAYMENT = /^payments\/([a-z]+)\.svg$/;
const ICON = /^icons\/([a-z]+)\.svg$/;
const MAX_SLUG = 80;

function svgBody(path: string): string | null {
  if (path.length > 120) return null;
  let m = STORE.exec(path);
  if (m?.[1] !== undefined) return m[1].length <= MAX_SLUG ? storeLogoSvg(m[1]) : null;
  if ((m = BANNER.exec(path)) && m[1] !== undefined && m[2] !== undefined) {
    const spec = bannerSpec(m[1], m[2], Number(m[3]));
    return spec ? bannerSvg(spec) : null;
  }
  if ((m = TENANT.exec(path)) && m[1] !== undefined) {
    const tenant = tenantConfig(m[1]);
    if (!tenant) return null;
    return m[2] === 'logo' ? tenantLogoSvg(tenant) : faviconSvg(tenant);
  }
  if (path === 'placeholder/store.svg') return storePlaceholderSvg();
  if ((m = PAYMENT.exec(path)) && m[1] !== undefined) {
    const mark = Object.hasOwn(PAYMENT_MARKS, m[1]) ? PAYMENT_MARKS[m[1]] : undefined;
    return mark ? paymentSvg(m[1], mark) : null;
  }
  if ((m = ICON.exec(path)) && m[1] !== undefined && ICON_NAMES.includes(m[1])) return iconSvg(m[1]);
  return null;
}

export function renderAsset(path: string): SvgAsset | null {
  const body = svgBody(path);
  return body === null ? null : { contentType: 'image/svg+xml', body };
}
