import type { Tenant } from '../db/repositories/domains';
import type { Coupon, Store } from '../../shared/contract/entities';
import { fillMonthYear } from '../../shared/rules/month-year';
import { imageUrl } from '../../shared/rules/image-url';
import { plainText } from './text';

// schema.org structured data (JSON-LD) for the page heads: Organization, BreadcrumbList, Offer.
export type JsonLd = Record<string, unknown>;

/** SPEC §3 image rule (src/shared/rules/image-url.ts) on an absolute base; null when there is no image. */
export function absoluteAsset(origin: string, path: string | null | undefined): string | null {
  return imageUrl(path, `${origin}/assets`, '') || null;
}

export function organization(tenant: Tenant, origin: string): JsonLd {
  const d = tenant.data;
  const contact = d.contact ?? {};
  const logo = absoluteAsset(origin, d.logo);
  const org: JsonLd = { '@type': 'Organization', '@id': `${origin}/#organization`, name: d.name, url: `${origin}/` };
  if (logo) org.logo = logo;
  if (contact.email || contact.phone) {
    org.contactPoint = {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      ...(contact.email ? { email: contact.email } : {}),
      ...(contact.phone ? { telephone: contact.phone } : {}),
    };
  }
  if (contact.email) org.email = contact.email;
  if (contact.address) org.address = contact.address;
  return org;
}

/** Crumbs are [name, absolute URL]; positions are 1-based. */
export function breadcrumbs(crumbs: readonly (readonly [string, string])[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
  };
}

/** One Offer per coupon: the store (as Organization) is the seller; validThrough only when the coupon expires.
 * Texts as the deal cards show them: {month}/{year} filled, markup stripped. */
export function offers(
  coupons: readonly Coupon[],
  store: Store,
  storeUrl: string,
  origin: string,
  now = new Date(),
): JsonLd[] {
  const text = (s: string, max: number): string => plainText(fillMonthYear(s, now), max);
  const logo = absoluteAsset(origin, store.image);
  const seller: JsonLd = { '@type': 'Organization', name: store.name, url: storeUrl, ...(logo ? { logo } : {}) };
  return coupons.map((c) => {
    const offer: JsonLd = {
      '@type': 'Offer',
      name: text(c.title || c.name, 150),
      description: text(c.description || c.name, 300),
      url: storeUrl,
      category: c.category,
      seller,
    };
    if (c.expiry_date) offer.validThrough = c.expiry_date;
    return offer;
  });
}

/** The page's JSON-LD as one @graph document. */
export const graph = (nodes: readonly JsonLd[]): JsonLd => ({ '@context': 'https://schema.org', '@graph': nodes });
