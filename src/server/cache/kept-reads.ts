import type { Queryable } from '../db/connect';
import { countActiveCoupons, type CouponFilter } from '../db/repositories/coupons';
import { findStore, relatedStores } from '../db/repositories/stores';
import type { OfferCounts, Store } from '../../shared/contract/entities';
import type { ReadMemo } from './read-memo';
import { cacheTags } from './response-cache';

// The reads every page of one store (or one category) shares, through the read memo (read-memo.ts, issue 27): each
// is tagged as the answers holding it are (the tenant; the store; "visits" where visit counts are in it or order it).

const { tenant, store: storeTag, visits } = cacheTags;

/** A store the tenant lists, by _id or slug (null: none, not kept), as findStore reads it. */
export function keptStore(
  memo: ReadMemo,
  db: Queryable,
  domainId: string,
  by: { id?: string; slug?: string },
): Promise<Store | null> {
  const key =
    by.id !== undefined ? `store:${domainId}:id:${by.id}` : `store:${domainId}:slug:${(by.slug ?? '').toLowerCase()}`;
  return memo.read(
    key,
    () => findStore(db, domainId, by),
    (s) => (s ? [tenant(domainId), visits, storeTag(s._id)] : null),
  );
}

/** The store page's related stores (most visited first). */
export function keptRelatedStores(
  memo: ReadMemo,
  db: Queryable,
  domainId: string,
  storeId: string,
  limit: number,
): Promise<Store[]> {
  return memo.read(
    `related:${domainId}:${storeId}:${limit}`,
    () => relatedStores(db, domainId, storeId, limit),
    () => [tenant(domainId), storeTag(storeId), visits],
  );
}

/** The store's active coupons on the tenant (its page's meta description). */
export function keptActiveCoupons(memo: ReadMemo, db: Queryable, domainId: string, storeId: string): Promise<number> {
  return memo.read(
    `active:${domainId}:${storeId}`,
    () => countActiveCoupons(db, domainId, storeId),
    () => [tenant(domainId), storeTag(storeId)],
  );
}

/**
 * listCoupons' `counts` option for one tenant: the tab counts of a filter are kept across its pages and orders. An
 * empty list's counts are not kept: the filter's category or store id comes from the address, and made-up ones match
 * nothing.
 */
export function keptOfferCounts(
  memo: ReadMemo,
  domainId: string,
): (count: () => Promise<OfferCounts>, filter: CouponFilter) => Promise<OfferCounts> {
  return (count, filter) =>
    memo.read(`counts:${domainId}:${countsKey(filter)}`, count, (counts) =>
      counts.all > 0 ? [tenant(domainId), ...(filter.storeId !== undefined ? [storeTag(filter.storeId)] : [])] : null,
    );
}

/** The filter's fields in a fixed order (undefined and false alike: both are "not filtered"). */
const countsKey = (f: CouponFilter): string =>
  JSON.stringify([
    f.storeId ?? null,
    f.category?.toLowerCase() ?? null,
    f.search ?? null,
    Boolean(f.recommendedOnly),
    Boolean(f.includeInactiveStores),
    Boolean(f.verifiedOnly),
  ]);
