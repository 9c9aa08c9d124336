import type { Tenant } from '../db/repositories/domains';
import type { Coupon } from '../../shared/contract/entities';
import { isExpired } from '../../shared/rules/expiry';
import { parseDate } from '../../shared/rules/parse-date';
import { fillMonthYear } from '../../shared/rules/month-year';
import { imageUrl } from '../../shared/rules/image-url';
import { plainText } from '../../shared/rules/plain-text';

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

/** The coupon's store page on this site: every Offer's url, never the merchant's (affiliate) link. */
export const storePageUrl = (origin: string, slug: string): string => `${origin}/store/${encodeURIComponent(slug)}`;

/**
 * One Offer per listed coupon, its store (as Organization) the seller. validThrough and priceValidUntil (its date part,
 * as schema.org's Date) only when the coupon expires; availability InStock, or Discontinued once expired. Texts as the
 * deal cards show them: {month}/{year} filled, markup stripped. The shoppers' "did it work?" votes are left out on
 * purpose: they are not ratings of the offer (no AggregateRating).
 */
export function offers(coupons: readonly Coupon[], origin: string, now = new Date()): JsonLd[] {
  const text = (s: string, max: number): string => plainText(fillMonthYear(s, now), max);
  const sellers = new Map<string, JsonLd>();
  const sellerOf = (c: Coupon): JsonLd => {
    const slug = c.store.slug || c.store_id.slug;
    let seller = sellers.get(slug);
    if (!seller) {
      const logo = absoluteAsset(origin, c.store.image ?? c.store_id.image);
      const name = c.store.name || c.store_id.name;
      seller = { '@type': 'Organization', name, url: storePageUrl(origin, slug), ...(logo ? { logo } : {}) };
      sellers.set(slug, seller);
    }
    return seller;
  };
  return coupons.map((c) => {
    const seller = sellerOf(c);
    const offer: JsonLd = {
      '@type': 'Offer',
      name: text(c.title || c.name, 150),
      description: text(c.description || c.name, 300),
      url: seller.url,
      category: c.category,
      availability: isExpired(c.expiry_date, now) ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock',
      seller,
    };
    const until = expiryDay(c.expiry_date);
    if (until) offer.priceValidUntil = until;
    if (c.expiry_date) offer.validThrough = c.expiry_date;
    return offer;
  });
}

/** The date part (YYYY-MM-DD) of a readable expiry; null when the coupon never expires or it cannot be read. */
export function expiryDay(expiry: string | null): string | null {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(expiry ?? '')?.[0];
  return day && parseDate(expiry) ? day : null;
}

/** The page's JSON-LD as one @graph document. */
export const graph = (nodes: readonly JsonLd[]): JsonLd => ({ '@context': 'https://schema.org', '@graph': nodes });
