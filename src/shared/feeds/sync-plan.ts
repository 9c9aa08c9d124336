import type { FeedOffer, FeedRunSample } from '../contract/feeds';

// Issue 30: the rules of a feed sync, pure (the sync in src/server/feeds/sync.ts does the reading and the writing).
// What a mapped offer makes of its coupon, and what a run counts it as. Property-tested in
// tests/property/feeds/sync-plan.test.ts: a second run over the same offers counts nothing but "unchanged".

/** A coupon as one source (one network's offer) says it should be. */
export interface CouponRow {
  store_id: string;
  name: string;
  title: string;
  description: string;
  category: string;
  code: string | null;
  expiry_date: string | null;
  link: string;
  is_recommended: boolean;
}

/** Dealdeck's category for an offer: the first of the network's categories that is one of Dealdeck's, by name. */
export function categoryFor(
  networkCategories: readonly string[],
  known: ReadonlyMap<string, string>,
  fallback: string,
): string {
  for (const name of networkCategories) {
    const hit = known.get(categoryKey(name));
    if (hit) return hit;
  }
  return fallback;
}

/** How a category name is compared: case, '&'/'and' and spacing don't matter. */
export function categoryKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function couponRowOf(
  offer: FeedOffer,
  storeId: string,
  known: ReadonlyMap<string, string>,
  fallbackCategory: string,
): CouponRow {
  return {
    store_id: storeId,
    name: offer.title,
    title: offer.title,
    description: offer.description,
    category: categoryFor(offer.categories, known, fallbackCategory),
    code: offer.code,
    expiry_date: offer.ends_at,
    link: offer.tracking_url,
    is_recommended: offer.exclusive,
  };
}

/** The row as one string with its keys in a fixed order: equal rows, equal text (what "changed" compares). */
export function canonicalRow(row: CouponRow): string {
  const keys = Object.keys(row).sort() as (keyof CouponRow)[];
  return JSON.stringify(keys.map((k) => [k, row[k]]));
}

/** What the feed's last run left of an offer's source. */
export interface SourceState {
  digest: string;
  /** Still in the feed. */
  live: boolean;
  /** Its end date has passed and a run has counted it. */
  ended: boolean;
}

export type OfferOutcome = 'added' | 'changed' | 'unchanged' | 'expired';

/**
 * What a run counts an offer it read as, and the source's state after it. An offer whose end date has passed is
 * counted as expired once (when first seen ended); later runs count it unchanged until it changes again.
 */
export function offerOutcome(
  before: SourceState | null,
  digest: string,
  endsAt: string | null,
  now: Date,
): { outcome: OfferOutcome; after: SourceState } {
  const hasEnded = endsAt !== null && Date.parse(endsAt) <= now.getTime();
  const after: SourceState = { digest, live: true, ended: hasEnded };
  if (!before) return { outcome: hasEnded ? 'expired' : 'added', after };
  if (hasEnded && !(before.ended && before.live)) return { outcome: 'expired', after };
  if (before.digest !== digest || !before.live) return { outcome: 'changed', after };
  return { outcome: 'unchanged', after };
}

/** Whether a source needs writing after a run (a run that changes nothing writes nothing). */
export function sourceNeedsWrite(before: SourceState | null, after: SourceState): boolean {
  return !before || before.digest !== after.digest || before.live !== after.live || before.ended !== after.ended;
}

/** The unique key of a coupon a feed's offer creates (coupons.key). */
export function feedCouponKey(feedId: number, offerId: string): string {
  return `feed.${feedId}.${offerId}`;
}

export const SAMPLES_PER_GROUP = 20;

/** What changed between two rows, for a "changed" sample's note ("title, expiry_date"). */
export function changedFields(before: CouponRow | null, after: CouponRow): string {
  if (!before) return 'back in the feed';
  const keys = (Object.keys(after) as (keyof CouponRow)[]).filter((k) => before[k] !== after[k]);
  return keys.length ? `changed: ${keys.join(', ')}` : 'back in the feed';
}

export function sampleOf(
  offer: Pick<FeedOffer, 'offer_id' | 'advertiser_name' | 'title'>,
  note: string,
): FeedRunSample {
  return { offer_id: offer.offer_id, advertiser: offer.advertiser_name, title: offer.title, note };
}
