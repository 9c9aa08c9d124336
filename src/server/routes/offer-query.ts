import { OfferQuery } from '../../shared/contract/envelopes';
import { parseOfferParams } from '../../shared/rules/offer-params';
import type { CouponFilter, CouponOrder, OrderOptions } from '../db/repositories/coupons';

// Issue 13's ?type=&verified=&sort= on the offer lists: read with the page address's rule, so the API and the page
// agree on every value; sort=best keeps the list's own order with codes reported not working sunk.

/** The querystring properties to spread beside a route's own. */
export const offerQueryProperties = OfferQuery.properties;

export interface OfferListing {
  filter: Pick<CouponFilter, 'type' | 'verifiedOnly'>;
  order: CouponOrder;
  options: OrderOptions;
}

export function offerListing(q: { type?: string; verified?: string; sort?: string }, best: CouponOrder): OfferListing {
  const p = parseOfferParams((name) => (q as Record<string, string | undefined>)[name] ?? null);
  const filter = { type: p.type, verifiedOnly: p.verified };
  if (p.sort === 'newest') return { filter, order: 'newest', options: { sink: false } };
  if (p.sort === 'ending_soon') return { filter, order: 'ending-soon', options: { sink: false } };
  return { filter, order: best, options: { sink: true } };
}
