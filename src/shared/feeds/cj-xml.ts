import type { FeedMapResult } from '../contract/feeds';
import { decodeEntities, isoFeedDate, networkCode, siteOf } from './feed-fields';
import { finishOffer } from './offer';

// Issue 30: CJ's Link Search answer (GET link-search.api.cj.com/v2/link-search, XML), one <link> per creative, read
// as CJ spells it. CJ's quirks: child names are hyphenated except clickUrl; promotion-type is one of coupon,
// sale/discount, free shipping, sweepstakes, product, seasonal link, site to store, or "N/A" on an ordinary banner or
// text link; dates look like `2026-10-01 00:00:00.0`, sometimes with an offset, often empty (no offset: UTC);
// seven-day-epc may be "N/A"; link-code-html is escaped HTML (or raw elements). clickUrl is the click-out,
// destination the landing page. A link of a program the publisher has not joined earns nothing: refused.

/** The <link> children the mapping reads (others, like link-code-html or the commissions, are not offers' business). */
export const CJ_LINK_FIELDS = [
  'advertiser-id',
  'advertiser-name',
  'category',
  'link-id',
  'link-name',
  'link-type',
  'description',
  'destination',
  'clickUrl',
  'promotion-type',
  'promotion-start-date',
  'promotion-end-date',
  'coupon-code',
  'relationship-status',
  'seven-day-epc',
  'three-month-epc',
] as const;
export type CjLinkField = (typeof CJ_LINK_FIELDS)[number];

/** One <link>: each child's text by its element name (absent: undefined). */
export type CjLink = Partial<Record<CjLinkField, string>>;

/** The promotion types that are a shopper's offer; any type carrying a code is one too. */
const OFFER_TYPES = new Set(['coupon', 'sale/discount', 'free shipping']);

function notAnOffer(type: string): string {
  if (!type || type.toLowerCase() === 'n/a') return 'the link is not a promotion: no promotion-type and no coupon-code';
  return `the promotion-type "${type.slice(0, 40)}" is not a coupon, sale/discount or free shipping`;
}

/** One <link> of CJ's Link Search as an offer, or why it can't be one. */
export function mapCjXml(link: CjLink): FeedMapResult {
  const code = networkCode(link['coupon-code']);
  const type = (link['promotion-type'] ?? '').trim().replace(/\s+/g, ' ');
  if (!code && !OFFER_TYPES.has(type.toLowerCase())) return { ok: false, reason: notAnOffer(type) };
  if ((link['relationship-status'] ?? '').trim().toLowerCase() === 'notjoined')
    return { ok: false, reason: 'the publisher has not joined this advertiser on CJ (relationship-status notjoined)' };
  const landing = (link.destination ?? '').trim();
  const category = decodeEntities(link.category).trim();
  return finishOffer({
    offer_id: link['link-id'],
    advertiser_id: link['advertiser-id'],
    advertiser_name: decodeEntities(link['advertiser-name']),
    advertiser_site: siteOf(landing),
    code,
    title: decodeEntities(link['link-name']),
    description: decodeEntities(link.description),
    free_shipping: type.toLowerCase() === 'free shipping',
    starts_at: isoFeedDate(link['promotion-start-date'], 'start'),
    ends_at: isoFeedDate(link['promotion-end-date'], 'end'),
    tracking_url: link.clickUrl,
    landing_url: landing,
    exclusive: false,
    categories: category ? [category] : [],
  });
}
