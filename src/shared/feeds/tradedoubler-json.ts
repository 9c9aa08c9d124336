import type { FeedMapResult } from '../contract/feeds';
import { amountOff, percentOff } from './discount-text';
import { decodeEntities, isoFeedDate, networkCode, siteOf } from './feed-fields';
import { jsonFlag, jsonNumber, jsonText, type JsonValue } from './json-fields';
import { finishOffer, type DraftDate } from './offer';

// Issue 30: Tradedoubler's vouchers (Vouchers API for publishers, GET api.tradedoubler.com/1.0/vouchers.json), a JSON
// list of vouchers read as Tradedoubler spells them. Tradedoubler's quirks: dates are epoch milliseconds (numbers), or
// ISO 8601 strings when the request asks dateOutputFormat=iso8601; voucherTypeId is 1 voucher (a code), 2 discount,
// 3 free article, 4 free shipping, 5 raffle (not an offer); the discount is discountAmount with isPercentage, in
// currencyId ("EUR", "SEK"); title (at most 70 bytes) may be empty, leaving shortDescription as the headline;
// description may hold HTML; exclusive is a flag; defaultTrackUri is the click-out and landingUrl the landing page;
// the advertiser is the program (programId, programName). publishStartDate/publishEndDate say when publishers may
// show it, not when shoppers may use it.

/** The voucher fields the mapping reads (a voucher has more: updateDate, languageId, logoPath, siteSpecific…). */
export const TRADEDOUBLER_VOUCHER_FIELDS = [
  'id',
  'programId',
  'programName',
  'code',
  'startDate',
  'endDate',
  'title',
  'shortDescription',
  'description',
  'voucherTypeId',
  'defaultTrackUri',
  'landingUrl',
  'discountAmount',
  'isPercentage',
  'exclusive',
  'currencyId',
] as const;
export type TradedoublerVoucherField = (typeof TRADEDOUBLER_VOUCHER_FIELDS)[number];

/** One voucher as Tradedoubler lists it (ids and dates numbers, isPercentage and exclusive flags). */
export type TradedoublerVoucher = { readonly [F in TradedoublerVoucherField]?: JsonValue };

const VOUCHER = 1;
const FREE_SHIPPING = 4;
const RAFFLE = 5;
/** The last millisecond with a four-digit year (9999-12-31T23:59:59.999Z). */
const MS_MAX = 253_402_300_799_999;

/** A Tradedoubler date: epoch milliseconds (a number or digits), an ISO 8601 string, or none. */
export function tradedoublerDate(value: JsonValue | undefined, side: 'start' | 'end'): DraftDate {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'number' && typeof value !== 'string')
    return { ok: false, message: `${JSON.stringify(value).slice(0, 40)} is not a date` };
  const text = String(value).trim();
  if (!text) return { ok: true, value: null };
  if (typeof value === 'string' && !/^\d+$/.test(text)) return isoFeedDate(text, side);
  const ms = Number(text);
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > MS_MAX)
    return { ok: false, message: `${text.slice(0, 40)} is not a time in epoch milliseconds from 1970 to 9999` };
  return { ok: true, value: new Date(ms).toISOString() };
}

/** "10% off" or "€10 off" from discountAmount, isPercentage and currencyId; '' when no amount is given. */
function discount(voucher: TradedoublerVoucher): string {
  const amount = jsonNumber(voucher.discountAmount);
  if (!amount) return '';
  if (jsonFlag(voucher.isPercentage)) return amount <= 100 ? percentOff(amount) : '';
  return amountOff(amount, jsonText(voucher.currencyId));
}

/** One voucher of Tradedoubler's list as an offer, or why it can't be one. */
export function mapTradedoublerJson(voucher: TradedoublerVoucher): FeedMapResult {
  const type = jsonNumber(voucher.voucherTypeId);
  if (type === RAFFLE) return { ok: false, reason: 'a raffle (voucherTypeId 5) is not an offer' };
  const code = networkCode(jsonText(voucher.code));
  if (type === VOUCHER && !code)
    return { ok: false, reason: 'Tradedoubler lists it as a voucher (voucherTypeId 1) but gives no code' };
  const landing = jsonText(voucher.landingUrl).trim();
  // An empty title leaves the short description as the headline, and the discount when both are empty.
  const title = jsonText(voucher.title).trim();
  const short = jsonText(voucher.shortDescription).trim();
  return finishOffer({
    offer_id: jsonText(voucher.id),
    advertiser_id: jsonText(voucher.programId),
    advertiser_name: decodeEntities(jsonText(voucher.programName)),
    advertiser_site: siteOf(landing),
    code,
    title: decodeEntities(title || short),
    description: decodeEntities(jsonText(voucher.description).trim() || (title ? short : '')),
    discount: discount(voucher),
    free_shipping: type === FREE_SHIPPING,
    starts_at: tradedoublerDate(voucher.startDate, 'start'),
    ends_at: tradedoublerDate(voucher.endDate, 'end'),
    tracking_url: jsonText(voucher.defaultTrackUri),
    landing_url: landing,
    exclusive: jsonFlag(voucher.exclusive),
    categories: [],
  });
}
