import type { FeedMapResult } from '../contract/feeds';
import { decodeEntities, isoFeedDate, networkCode, siteOf } from './feed-fields';
import { dateFromParts, finishOffer, type DraftDate } from './offer';

// Issue 30: Awin's voucher CSV (Toolbox > My Offers > download; the same data as its Offers API), one row per
// promotion or voucher, read as Awin spells it. Awin's quirks: dates are UK order `dd/mm/yyyy HH:MM:SS` (read as UTC);
// Type says "Voucher" (a code unlocks it) or "Promotion" (open to all, no code), in older exports "Vouchers Only" /
// "Promotions Only"; Awin has no free-shipping type, so free shipping is read from the title (finishOffer);
// Exclusive is "true"/"false" (or Yes/No); Title, Description and Terms may hold HTML and entities (&pound;), and
// some exports escape the links' ampersands (&amp;). Deeplink Tracking is the click-out, Deeplink the landing page.
// Regions, Commission, Commission Groups, Date Added and Campaign are the affiliate's business, not the shopper's.

/** The export's columns, spelled as in its header. */
export const AWIN_COLUMNS = [
  'Promotion ID',
  'Advertiser',
  'Advertiser ID',
  'Type',
  'Code',
  'Description',
  'Starts',
  'Ends',
  'Categories',
  'Regions',
  'Terms',
  'Deeplink Tracking',
  'Deeplink',
  'Commission Groups',
  'Commission',
  'Exclusive',
  'Date Added',
  'Title',
  'Campaign',
] as const;
export type AwinColumn = (typeof AWIN_COLUMNS)[number];

/** Without these a row can't be an offer: the file is refused when its header lacks one. */
export const AWIN_REQUIRED_COLUMNS: readonly AwinColumn[] = ['Promotion ID', 'Advertiser ID', 'Deeplink Tracking'];

/** One row, by column name (a column the file does not have is undefined). */
export type AwinVoucherRow = Partial<Record<AwinColumn, string>>;

const AWIN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** An Awin date (dd/mm/yyyy with an optional HH:MM[:SS], UTC); an end without a time is the end of that day. */
export function awinDate(cell: string | null | undefined, side: 'start' | 'end'): DraftDate {
  const text = (cell ?? '').trim();
  if (!text) return { ok: true, value: null };
  const m = AWIN_DATE.exec(text);
  // An ISO date can't be misread (year first); anything else is refused rather than guessed.
  if (!m) {
    if (/^\d{4}-\d{2}-\d{2}/.test(text)) return isoFeedDate(text, side);
    return { ok: false, message: `"${text.slice(0, 40)}" is not an Awin date (dd/mm/yyyy HH:MM:SS)` };
  }
  const [day, month, year] = [m[1], m[2], m[3]].map(Number) as [number, number, number];
  const untimedEnd = m[4] === undefined && side === 'end';
  return dateFromParts(text, {
    year,
    month,
    day,
    hour: untimedEnd ? 23 : Number(m[4] ?? 0),
    minute: untimedEnd ? 59 : Number(m[5] ?? 0),
    second: untimedEnd ? 59 : Number(m[6] ?? 0),
  });
}

type AwinType = 'voucher' | 'promotion' | 'free-shipping';
const TYPES: Readonly<Record<string, AwinType>> = {
  voucher: 'voucher',
  vouchers: 'voucher',
  'vouchers only': 'voucher',
  'voucher code': 'voucher',
  promotion: 'promotion',
  promotions: 'promotion',
  'promotions only': 'promotion',
  'free shipping': 'free-shipping',
  'free delivery': 'free-shipping',
};

/** The offer's type, or why it is not one Awin uses; none given: told by whether there is a code. */
function awinType(
  cell: string | undefined,
  code: string,
): { ok: true; type: AwinType } | { ok: false; reason: string } {
  const text = (cell ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return { ok: true, type: code ? 'voucher' : 'promotion' };
  const type = TYPES[text.toLowerCase()];
  if (type) return { ok: true, type };
  return { ok: false, reason: `the Type "${text.slice(0, 40)}" is not one Awin uses (Voucher or Promotion)` };
}

const YES = /^(true|yes|y|1|exclusive)$/i;

/** One row of Awin's voucher CSV as an offer, or why it can't be one. */
export function mapAwinCsv(row: AwinVoucherRow): FeedMapResult {
  const code = networkCode(row.Code);
  const type = awinType(row.Type, code);
  if (!type.ok) return { ok: false, reason: type.reason };
  if (type.type === 'voucher' && !code) return { ok: false, reason: 'Awin lists it as a voucher but gives no code' };
  const terms = decodeEntities(row.Terms).trim();
  const landing = decodeEntities(row.Deeplink).trim();
  return finishOffer({
    offer_id: row['Promotion ID'],
    advertiser_id: row['Advertiser ID'],
    advertiser_name: decodeEntities(row.Advertiser),
    advertiser_site: siteOf(landing),
    code,
    title: decodeEntities(row.Title),
    description: `${decodeEntities(row.Description)}${terms ? ` Terms: ${terms}` : ''}`,
    free_shipping: type.type === 'free-shipping',
    starts_at: awinDate(row.Starts, 'start'),
    ends_at: awinDate(row.Ends, 'end'),
    tracking_url: decodeEntities(row['Deeplink Tracking']),
    landing_url: landing,
    exclusive: YES.test((row.Exclusive ?? '').trim()),
    categories: decodeEntities(row.Categories).split(/[;,|]/),
  });
}
