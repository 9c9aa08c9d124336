import { OFFER_SORTS, OFFER_TYPES, type OfferSort, type OfferType } from '../contract/values';

// Issue 13: a listing page's offer filters live in its address (?type=code&verified=1&sort=ending_soon) so a filtered
// view can be shared and is drawn by the server as the browser would draw it: both read the address with this rule.

export interface OfferParams {
  /** null: every type. */
  type: OfferType | null;
  /** Only codes shoppers verified (success rate ≥ 70 %). */
  verified: boolean;
  sort: OfferSort;
}

export const DEFAULT_OFFER_PARAMS: OfferParams = { type: null, verified: false, sort: 'best' };

/** The store page's earlier ?show=codes|deals addresses keep working. */
const LEGACY_SHOW = new Map<string | null, OfferType>([
  ['codes', 'code'],
  ['deals', 'deal'],
]);

const pick = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((v) => v === value);

/** Reads a page address's parameters; anything unknown is the default, never an error. */
export function parseOfferParams(get: (name: string) => string | null): OfferParams {
  const verified = get('verified');
  return {
    type: pick(OFFER_TYPES, get('type')) ?? LEGACY_SHOW.get(get('show')) ?? null,
    verified: verified === '1' || verified === 'true',
    sort: pick(OFFER_SORTS, get('sort')) ?? 'best',
  };
}

/** The parameters that differ from the defaults, as the page address and the API query both spell them. */
export function offerQuery(p: OfferParams): { type?: OfferType; verified?: '1'; sort?: OfferSort } {
  return {
    ...(p.type !== null && { type: p.type }),
    ...(p.verified && { verified: '1' as const }),
    ...(p.sort !== 'best' && { sort: p.sort }),
  };
}

/** A stable string of the non-default parameters ('' for the defaults): part of the query keys and cache keys. */
export function offerParamsKey(p: OfferParams): string {
  return new URLSearchParams(offerQuery(p)).toString();
}
