import {
  FEED_CODE_MAX,
  FEED_DESCRIPTION_MAX,
  FEED_TITLE_MAX,
  type FeedMapResult,
  type FeedOffer,
  type OfferKind,
} from '../contract/feeds';
import { httpUrl } from '../rules/http-url';
import { hasOfferCode, isFreeShipping } from '../rules/offer-type';
import { plainText } from '../rules/plain-text';

// Issue 30: the last step of every format's mapping (src/shared/feeds/<format>.ts). A format's mapping reads its own
// fields (names, date spellings, type words) into an OfferDraft; this turns the draft into a FeedOffer that keeps the
// contract's invariants (src/shared/contract/feeds.ts), or says why it can't. Pure.

/** A date already read from the format's own spelling: an ISO instant, null (none given), or why it is refused. */
export type DraftDate = { ok: true; value: string | null } | { ok: false; message: string };

export interface OfferDraft {
  offer_id: string | null | undefined;
  advertiser_id: string | null | undefined;
  advertiser_name: string | null | undefined;
  advertiser_site?: string | null;
  /** The code as the network gives it ('' or whitespace: none). */
  code?: string | null;
  /** The network's headline for the offer (HTML allowed: it is made plain text). */
  title?: string | null;
  description?: string | null;
  /** A discount the network gives apart from the title ("20%", "£5 off"), used when the title is empty. */
  discount?: string | null;
  /** The network says it is a free-shipping offer (its type or promotion type). */
  free_shipping?: boolean;
  starts_at: DraftDate;
  ends_at: DraftDate;
  tracking_url: string | null | undefined;
  landing_url?: string | null;
  exclusive?: boolean;
  categories?: readonly string[];
}

const clean = (value: string | null | undefined, max: number) => plainText(value ?? '', max);

/** The offer of a draft, or the first reason it can't be one. */
export function finishOffer(d: OfferDraft): FeedMapResult {
  const offerId = (d.offer_id ?? '').trim();
  if (!offerId) return { ok: false, reason: 'the offer has no id' };
  if (offerId.length > 200) return { ok: false, reason: 'the offer id is longer than 200 characters' };
  const advertiserId = (d.advertiser_id ?? '').trim();
  if (!advertiserId) return { ok: false, reason: 'the advertiser has no id' };
  const advertiserName = clean(d.advertiser_name, 200) || advertiserId.slice(0, 200);
  const tracking = httpUrl(d.tracking_url);
  if (!tracking) return { ok: false, reason: 'the tracking link is missing or not an absolute http(s) URL' };
  if (!d.starts_at.ok) return { ok: false, reason: `start date: ${d.starts_at.message}` };
  if (!d.ends_at.ok) return { ok: false, reason: `end date: ${d.ends_at.message}` };
  const startsAt = d.starts_at.value;
  const endsAt = d.ends_at.value;
  if (startsAt && endsAt && endsAt < startsAt) return { ok: false, reason: 'the end date is before the start date' };

  const rawCode = (d.code ?? '').trim();
  const code = hasOfferCode(rawCode) ? rawCode : null;
  if (code && code.length > FEED_CODE_MAX)
    return { ok: false, reason: `the code is longer than ${FEED_CODE_MAX} characters` };
  if (code && [...code].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return { ok: false, reason: 'the code holds control characters' };

  const description = clean(d.description, FEED_DESCRIPTION_MAX);
  let title = clean(d.title, FEED_TITLE_MAX) || clean(d.discount, FEED_TITLE_MAX);
  if (!title && description) title = clean(description, FEED_TITLE_MAX);
  const freeShipping = d.free_shipping === true || isFreeShipping(title, '');
  if (freeShipping && !isFreeShipping(title, ''))
    title = clean(`Free shipping${title ? `: ${title}` : ''}`, FEED_TITLE_MAX);
  if (!title) return { ok: false, reason: 'the offer has no title, discount or description' };

  const kind: OfferKind = code ? 'code' : freeShipping && isFreeShipping(title, '') ? 'free-shipping' : 'deal';
  const offer: FeedOffer = {
    offer_id: offerId,
    advertiser_id: advertiserId.slice(0, 200),
    advertiser_name: advertiserName,
    advertiser_site: (d.advertiser_site ?? '').trim() || null,
    kind,
    code,
    title,
    description,
    starts_at: startsAt,
    ends_at: endsAt,
    tracking_url: tracking,
    landing_url: httpUrl(d.landing_url) ?? null,
    exclusive: d.exclusive === true,
    categories: [...new Set((d.categories ?? []).map((c) => clean(c, 100)).filter(Boolean))].slice(0, 20),
  };
  return { ok: true, offer };
}

/** A whole date-and-time from its parts (UTC unless `offsetMinutes`), or why not; the day must exist. */
export function dateFromParts(
  text: string,
  p: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  offsetMinutes = 0,
): DraftDate {
  const { year, month, day, hour = 0, minute = 0, second = 0 } = p;
  const daysIn = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (
    !Number.isInteger(year) ||
    year < 1970 ||
    year > 9999 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return { ok: false, message: `"${text.slice(0, 40)}" is not a calendar date` };
  const at = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  return { ok: true, value: new Date(at).toISOString() };
}
