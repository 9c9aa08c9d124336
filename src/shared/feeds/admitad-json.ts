import type { FeedMapResult } from '../contract/feeds';
import { discountHeadline } from './discount-text';
import { decodeEntities, isoFeedDate, networkCode, siteOf } from './feed-fields';
import { jsonFlag, jsonList, jsonObject, jsonText, type JsonValue } from './json-fields';
import { finishOffer } from './offer';

// Issue 30: Admitad's coupons for an ad space (GET api.admitad.com/coupons/website/{w_id}/, JSON), read as Admitad
// spells it. Admitad's quirks: ids are numbers; species is "promocode" (a code to copy) or "action" (a promotion: any
// promocode it carries, often "Не нужен", is not a code); discount is free text ("20%", "500 RUB", "500 ₽", "up to
// 50%"); dates are `2026-11-01 00:00:00` or `2026-11-01T00:00:00` without an offset (read as UTC), date_end null when
// the coupon does not end; goto_link is the click-out (frameset_link frames it on Admitad's page); the advertiser is
// the affiliate program, campaign {id, name, site_url}; types and categories are lists of {id, name}, and a type named
// "Free shipping" makes a free-shipping offer; names and descriptions may be Russian and hold HTML. regions, rating,
// image and language are not the shopper's business here.

/** The coupon fields the mapping reads (a coupon has more: rating, image, language, is_unique…). */
export const ADMITAD_COUPON_FIELDS = [
  'id',
  'name',
  'short_name',
  'description',
  'species',
  'promocode',
  'discount',
  'date_start',
  'date_end',
  'goto_link',
  'frameset_link',
  'status',
  'exclusive',
  'regions',
  'campaign',
  'types',
  'categories',
] as const;
export type AdmitadCouponField = (typeof ADMITAD_COUPON_FIELDS)[number];

/** One coupon of Admitad's results (campaign: {id, name, site_url}; types, categories: [{id, name}]). */
export type AdmitadCoupon = { readonly [F in AdmitadCouponField]?: JsonValue };

// Admitad's publishers write "not needed" in Russian too.
const NO_CODE = /^(не\s+(нужен|нужно|требуется)|без\s+промокода|промокод\s+не\s+нужен)$/i;
const FREE_SHIPPING = /free\s+(shipping|delivery)|бесплатная\s+доставка/i;

const lower = (value: JsonValue | undefined) => jsonText(value).trim().toLowerCase();
const names = (value: JsonValue | undefined) => jsonList(value).map((item) => jsonText(jsonObject(item).name));

/** One coupon of Admitad's coupons answer as an offer, or why it can't be one. */
export function mapAdmitadJson(coupon: AdmitadCoupon): FeedMapResult {
  const species = lower(coupon.species);
  if (species && species !== 'promocode' && species !== 'action')
    return { ok: false, reason: `the species "${species.slice(0, 40)}" is not one Admitad uses (promocode or action)` };
  const status = lower(coupon.status);
  if (status && status !== 'active') return { ok: false, reason: `Admitad marks the coupon "${status.slice(0, 40)}"` };
  const written = networkCode(jsonText(coupon.promocode));
  const code = species === 'action' || NO_CODE.test(written) ? '' : written;
  if (species === 'promocode' && !code)
    return { ok: false, reason: 'Admitad lists it as a promocode but gives no code' };
  const campaign = jsonObject(coupon.campaign);
  return finishOffer({
    offer_id: jsonText(coupon.id),
    advertiser_id: jsonText(campaign.id),
    advertiser_name: decodeEntities(jsonText(campaign.name)),
    advertiser_site: siteOf(jsonText(campaign.site_url)),
    code,
    title: decodeEntities(jsonText(coupon.name).trim() || jsonText(coupon.short_name)),
    description: decodeEntities(jsonText(coupon.description)),
    discount: discountHeadline(decodeEntities(jsonText(coupon.discount))),
    free_shipping: names(coupon.types).some((type) => FREE_SHIPPING.test(type)),
    starts_at: isoFeedDate(jsonText(coupon.date_start), 'start'),
    ends_at: isoFeedDate(jsonText(coupon.date_end), 'end'),
    tracking_url: jsonText(coupon.goto_link),
    landing_url: null,
    exclusive: jsonFlag(coupon.exclusive),
    categories: names(coupon.categories).map(decodeEntities),
  });
}
