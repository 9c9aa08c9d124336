import type { FeedMapResult } from '../contract/feeds';
import { amountOff, money, orderMinimum, percentOff } from './discount-text';
import { decodeEntities, isoFeedDate, networkCode, siteOf } from './feed-fields';
import { jsonNumber, jsonText, type JsonValue } from './json-fields';
import { finishOffer } from './offer';

// Issue 30: Impact's Ads list (Partner API, GET /Mediapartners/{AccountSID}/Ads, JSON), one Ad per creative, read as
// Impact spells it. Impact's quirks: every value is a string, "" when absent (numbers too: DiscountPercent "20");
// dates are ISO 8601 with the brand's offset ("2026-01-01T00:00:00-08:00"); only Type COUPON is an offer (BANNER and
// TEXT_LINK are skipped by the reader); the promo code is DealDefaultPromoCode (Code is the ad's HTML, never a code);
// the discount is described by the ad's Deal: DealType (GENERAL_SALE, FREE_SHIPPING, GIFT_WITH_PURCHASE, REBATE, BOGO),
// DiscountType (FIXED, PERCENT, PERCENT_MAXIMUM, PERCENT_RANGE) and their amounts; DealState ACTIVE, EXPIRED or
// PENDING; DealPublic "false" means the deal is exclusive to this partner. The store is the brand's program
// (CampaignId, CampaignName): AdvertiserId and AdvertiserName name the account behind it, often a parent company
// running several programs, so they are only the fallback when an ad has no CampaignId.

/** The Ad fields the mapping reads (an Ad has more: Code, IFrameCode, Width, Labels, Uri…). */
export const IMPACT_AD_FIELDS = [
  'Id',
  'Name',
  'Description',
  'CampaignId',
  'CampaignName',
  'Type',
  'TrackingLink',
  'LandingPageUrl',
  'AdvertiserId',
  'AdvertiserName',
  'StartDate',
  'EndDate',
  'DealId',
  'DealName',
  'DealDescription',
  'DealState',
  'DealType',
  'DealPublic',
  'DealCategories',
  'DealStartDate',
  'DealEndDate',
  'DealDefaultPromoCode',
  'DiscountType',
  'DiscountAmount',
  'DiscountCurrency',
  'DiscountPercent',
  'DiscountMaximumPercent',
  'DiscountPercentRangeStart',
  'DiscountPercentRangeEnd',
  'MinimumPurchaseAmount',
  'MinimumPurchaseAmountCurrency',
] as const;
export type ImpactAdField = (typeof IMPACT_AD_FIELDS)[number];

/** One Ad as Impact lists it: strings as a rule, but read as whatever JSON the answer holds. */
export type ImpactAd = { readonly [F in ImpactAdField]?: JsonValue };

const word = (value: JsonValue | undefined) => jsonText(value).trim().toUpperCase();

/** The ad's Type ("COUPON", "BANNER", "TEXT_LINK"), upper-cased; '' when it has none. */
export const impactAdType = (ad: ImpactAd) => word(ad.Type);

const STATES = new Set(['', 'ACTIVE', 'EXPIRED', 'PENDING']);

/** The store behind the ad: its program, else its advertiser account, else its name (kept apart by a prefix). */
function advertiser(ad: ImpactAd): { id: string; name: string } {
  const name = decodeEntities(jsonText(ad.CampaignName)).trim() || decodeEntities(jsonText(ad.AdvertiserName)).trim();
  const campaign = jsonText(ad.CampaignId).trim();
  if (campaign) return { id: campaign, name };
  const account = jsonText(ad.AdvertiserId).trim();
  if (account) return { id: `advertiser:${account}`, name };
  return { id: name ? `name:${name}` : '', name };
}

const positive = (value: JsonValue | undefined) => {
  const n = jsonNumber(value);
  return n !== null && n > 0 ? n : null;
};
const percent = (value: JsonValue | undefined) => {
  const n = positive(value);
  return n !== null && n <= 100 ? n : null;
};

/** The Deal's discount as shoppers read it, from its DiscountType and amounts; '' when it gives none. */
function discount(ad: ImpactAd): string {
  const currency = jsonText(ad.DiscountCurrency);
  const minimum = positive(ad.MinimumPurchaseAmount);
  const minimumCurrency = jsonText(ad.MinimumPurchaseAmountCurrency).trim() || currency;
  const over = (headline: string) => (minimum ? orderMinimum(headline, money(minimum, minimumCurrency)) : headline);
  switch (word(ad.DiscountType)) {
    case 'PERCENT': {
      const p = percent(ad.DiscountPercent);
      return p ? over(percentOff(p)) : '';
    }
    case 'PERCENT_MAXIMUM': {
      const p = percent(ad.DiscountMaximumPercent) ?? percent(ad.DiscountPercent);
      return p ? over(`Up to ${percentOff(p)}`) : '';
    }
    case 'PERCENT_RANGE': {
      const [from, to] = [percent(ad.DiscountPercentRangeStart), percent(ad.DiscountPercentRangeEnd)];
      return from && to && from < to ? over(`${from}–${percentOff(to)}`) : '';
    }
    case 'FIXED': {
      const amount = positive(ad.DiscountAmount);
      return amount ? over(amountOff(amount, currency)) : '';
    }
    default:
      return '';
  }
}

/** One Ad of Impact's Ads list as an offer, or why it can't be one. */
export function mapImpactJson(ad: ImpactAd): FeedMapResult {
  const type = impactAdType(ad);
  if (!type) return { ok: false, reason: 'the ad has no Type (Impact gives COUPON, TEXT_LINK or BANNER)' };
  if (type !== 'COUPON') return { ok: false, reason: `the ad is a ${type.slice(0, 40)}, not a COUPON` };
  const state = word(ad.DealState);
  if (!STATES.has(state))
    return {
      ok: false,
      reason: `the DealState "${state.slice(0, 40)}" is not one Impact uses (ACTIVE, EXPIRED, PENDING)`,
    };
  if (state === 'EXPIRED') return { ok: false, reason: "Impact marks the ad's deal EXPIRED" };
  if (state === 'PENDING') return { ok: false, reason: "the ad's deal is PENDING: Impact has not approved it yet" };
  const { id, name } = advertiser(ad);
  const landing = jsonText(ad.LandingPageUrl).trim();
  const dealType = word(ad.DealType);
  return finishOffer({
    offer_id: jsonText(ad.Id),
    advertiser_id: id,
    advertiser_name: name,
    advertiser_site: siteOf(landing),
    code: networkCode(jsonText(ad.DealDefaultPromoCode)),
    title: decodeEntities(jsonText(ad.Name)),
    description: decodeEntities(jsonText(ad.Description).trim() || jsonText(ad.DealDescription)),
    discount: discount(ad),
    free_shipping: dealType === 'FREE_SHIPPING' || /^FREE_?SHIPPING$/.test(word(ad.DiscountType)),
    starts_at: isoFeedDate(jsonText(ad.StartDate).trim() || jsonText(ad.DealStartDate), 'start'),
    ends_at: isoFeedDate(jsonText(ad.EndDate).trim() || jsonText(ad.DealEndDate), 'end'),
    tracking_url: jsonText(ad.TrackingLink),
    landing_url: landing,
    exclusive: word(ad.DealPublic) === 'FALSE',
    categories: decodeEntities(jsonText(ad.DealCategories)).split(','),
  });
}
