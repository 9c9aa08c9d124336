import type { FeedMapResult } from '../contract/feeds';
import { isFreeShipping } from '../rules/offer-type';
import { plainText } from '../rules/plain-text';
import { decodeEntities, isoFeedDate, networkCode } from './feed-fields';
import { finishOffer } from './offer';

// Issue 30: Rakuten Advertising's Coupon Web Service (couponfeed.linksynergy.com/coupon, XML), one <link> per offer,
// read as Rakuten spells it. Rakuten's quirks: element names are lower case run together (offerdescription); dates
// are days (`2026-11-01`, an end date lasts the whole day); a deal's couponcode is empty or "N/A"; categories and
// promotion types are lists (<promotiontype id="…">Free Shipping</promotiontype>); offerdescription is the only
// text (the headline), couponrestriction the terms. clickurl is the click-out; there is no landing page, no
// exclusivity flag and no advertiser site. Rakuten gives an offer no id: see rakutenOfferId.

/** One <link>: its children's text by element name, and its two lists. */
export interface RakutenLink {
  advertiserid?: string;
  advertisername?: string;
  offerdescription?: string;
  offerstartdate?: string;
  offerenddate?: string;
  couponcode?: string;
  couponrestriction?: string;
  clickurl?: string;
  impressionpixel?: string;
  network?: string;
  categories?: readonly string[];
  promotiontypes?: readonly string[];
}

/** The text children of a <link> the mapping reads (the lists are read apart). */
export const RAKUTEN_TEXT_FIELDS = [
  'advertiserid',
  'advertisername',
  'offerdescription',
  'offerstartdate',
  'offerenddate',
  'couponcode',
  'couponrestriction',
  'clickurl',
  'impressionpixel',
  'network',
] as const satisfies readonly (keyof RakutenLink)[];

/** FNV-1a, 32 bits, over UTF-16 code units: small, pure and stable (src/shared has no node:crypto). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Rakuten gives no offer id, yet the sync tells a changed offer from a new one by it, so it is derived from what
 * makes the offer the same offer from one run to the next: the advertiser, the code (for a deal: its description,
 * in lower case, without tags or extra spaces) and the start date. A reworded coupon keeps its id; a reworded deal,
 * a new code or a new start date is a new offer (the old one leaves the feed and expires). The readable part lets an
 * operator find the offer; the hash separates the deals of one advertiser starting the same day.
 */
export function rakutenOfferId(link: RakutenLink): string {
  const advertiser = (link.advertiserid ?? '').trim();
  const code = networkCode(link.couponcode);
  const start = (link.offerstartdate ?? '').trim();
  const what = code || plainText(decodeEntities(link.offerdescription), 100_000).toLowerCase();
  return `${advertiser.slice(0, 60)}:${code.slice(0, 60)}:${start.slice(0, 30)}:${fnv1a(`${advertiser}\u0000${what}\u0000${start}`)}`;
}

/** One <link> of Rakuten's coupon feed as an offer, or why it can't be one. */
export function mapRakutenXml(link: RakutenLink): FeedMapResult {
  const restriction = decodeEntities(link.couponrestriction).trim();
  const description = decodeEntities(link.offerdescription);
  return finishOffer({
    // Never empty (its separators), so a record without an advertiser is refused for that, not for its id.
    offer_id: rakutenOfferId(link),
    advertiser_id: link.advertiserid,
    advertiser_name: decodeEntities(link.advertisername),
    advertiser_site: null,
    code: networkCode(link.couponcode),
    title: description,
    description: `${description}${restriction ? ` Restrictions: ${restriction}` : ''}`,
    free_shipping: (link.promotiontypes ?? []).some((type) => isFreeShipping(type, '')),
    starts_at: isoFeedDate(link.offerstartdate, 'start'),
    ends_at: isoFeedDate(link.offerenddate, 'end'),
    tracking_url: link.clickurl,
    landing_url: null,
    exclusive: false,
    categories: (link.categories ?? []).map((c) => decodeEntities(c)),
  });
}
